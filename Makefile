# Two commands do everything on a fresh machine: `make demo` and `make test`.
# Each creates .venv when missing, installs cuakit into it, installs missing Debian
# packages when run as root (else prints the exact apt-get line), then runs.

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.cuakit-installed
# browser: miniwob + selenium (MiniWoB++ in Chromium); desktop: mss + python-xlib (X11);
# vlm: peft + trl + accelerate (LoRA SFT of Qwen2.5-VL).
EXTRAS ?= dev,browser,desktop,vlm,serve,scale
# Debian packages the real backends need: Chromium + chromedriver (MiniWoB++), an X server,
# xdotool and the X11 desktop's applications (AbiWord, Mousepad, Gnumeric with its ssconvert);
# the text recogniser's OpenCV (libgl1, libglib2.0-0); Tesseract (compared with PP-OCR, and
# with its language models reading the scripts PP-OCR cannot: cuakit.video.scripts); the fonts
# desksim and the safety cases draw in (sans, serif, CJK, and Noto for Indic and Thai); the cursor
# themes desksim draws and the X11 desktop shows (Adwaita, DMZ-White). Their tests skip, saying
# why, when one is missing.
TESSERACT_LANGUAGES ?= ara fas heb hin ben tam tha kor jpn rus ell
SYSTEM_PACKAGES ?= chromium chromium-driver xvfb xdotool abiword mousepad gnumeric libgl1 \
	libglib2.0-0 tesseract-ocr $(addprefix tesseract-ocr-,$(TESSERACT_LANGUAGES)) fonts-noto-cjk \
	fonts-noto-core fonts-dejavu-core fonts-liberation2 fonts-urw-base35 adwaita-icon-theme \
	dmz-cursor-theme
DEMO_OUT ?= runs/demo

.PHONY: all setup system-deps test test-fast demo lint format bench clean

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

# Two workers of one thread each: the learning checks are compute-bound, while the browser,
# desktop, Ray and service checks mostly wait, so two at a time keep both cores busy.
TEST_WORKERS ?= 2
PYTEST := OMP_NUM_THREADS=1 $(PY) -m pytest -q -n $(TEST_WORKERS) --dist loadgroup

test: setup
	$(PYTEST)

# The edit-test loop: everything but the learning checks marked `slow` and the tests that drive
# Chromium or an X desktop.
test-fast: setup
	$(PYTEST) -m "not slow and not browser and not desktop"

# The main job: the whole loop on desksim — record expert, noisy and random episodes, label them,
# train the video reward model, train PPO with ground-truth reward and with the video reward,
# and compare both with a random policy in $(DEMO_OUT)/report.html (`DEMO_ARGS=--quick`: ~30 s).
demo: setup
	$(VENV)/bin/cuakit demo --out $(DEMO_OUT) $(DEMO_ARGS)

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: setup
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

clean:
	rm -rf $(VENV) runs .pytest_cache .ruff_cache .hypothesis
