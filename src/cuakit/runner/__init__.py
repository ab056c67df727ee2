"""Running a computer-use agent: model specs (`agents`), the loop through the safety gate into
a recorded episode (`loop`), and the policy and reward services (`serve_policy`,
`serve_reward`)."""
