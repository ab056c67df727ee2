import sys

from cuakit.cli import main

sys.exit(main())
