# Two commands do everything on a fresh machine: `make demo` and `make test`.
# Each creates .venv when missing, installs cuakit into it, installs missing Debian
# packages when run as root (else prints the exact apt-get line), then runs.

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.cuakit-installed
# browser: miniwob + selenium (MiniWoB++ in Chromium); desktop: mss + python-xlib (X11).
EXTRAS ?= dev,browser,desktop
# Debian packages the real backends need: Chromium + chromedriver (MiniWoB++), an X server,
# xdotool and AbiWord (the X11 desktop). Their tests skip, saying why, when one is missing.
SYSTEM_PACKAGES ?= chromium chromium-driver xvfb xdotool abiword
DEMO_OUT ?= runs/demo

.PHONY: all setup system-deps test demo lint format bench clean

all: test

$(PY):
	$(PYTHON) -m venv $(VENV)

# torch goes in first and pinned: an unpinned resolve would fetch a multi-GB CUDA build.
$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet torch==2.13.0
	$(PY) -m pip install --quiet -e '.[$(EXTRAS)]'
	touch $(STAMP)

system-deps:
	@missing=""; \
	for pkg in $(SYSTEM_PACKAGES); do \
	  dpkg -s $$pkg >/dev/null 2>&1 || missing="$$missing $$pkg"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing Debian packages:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	  else \
	    echo "missing Debian packages; run: sudo apt-get install -y$$missing"; \
	  fi; \
	fi

setup: $(STAMP) system-deps

test: setup
	$(PY) -m pytest -q

# The main job until agent training lands: record noisy-expert and random episodes on every
# desksim family, label them (with adversarial negatives and preference pairs), train a small
# video reward model on them and evaluate it on held-out seeds, and preview one episode.
demo: setup
	rm -rf $(DEMO_OUT)
	$(VENV)/bin/cuakit collect --env 'cuakit/desksim-*' --policy expert:noise=0.3 --episodes 88 --out $(DEMO_OUT)/dataset
	$(VENV)/bin/cuakit collect --env 'cuakit/desksim-*' --policy random --episodes 22 --seed 1000 --out $(DEMO_OUT)/dataset
	$(VENV)/bin/cuakit label success $(DEMO_OUT)/dataset --negatives translate,truncate,swap
	$(VENV)/bin/cuakit label pairs $(DEMO_OUT)/dataset
	$(VENV)/bin/cuakit dataset info $(DEMO_OUT)/dataset
	$(VENV)/bin/cuakit reward train --data $(DEMO_OUT)/dataset --out $(DEMO_OUT)/reward --epochs 3
	$(VENV)/bin/cuakit reward eval --checkpoint $(DEMO_OUT)/reward --data $(DEMO_OUT)/dataset
	$(VENV)/bin/cuakit dataset preview $(DEMO_OUT)/dataset --episode 9 --out $(DEMO_OUT)/episode_9.gif
	$(VENV)/bin/cuakit dataset preview $(DEMO_OUT)/dataset --episode 9 --out $(DEMO_OUT)/episode_9.png

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: setup
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

clean:
	rm -rf $(VENV) runs .pytest_cache .ruff_cache .hypothesis
