"""The safety gate: every action an agent proposes is allowed, confirmed by a person, or
denied, by what it touches in its context; every decision is audited."""
