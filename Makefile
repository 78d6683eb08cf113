# pokelab — the two commands a user needs are `make lab` and `make test`.
# Everything else here is a building block of those two.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# Defined before the rules that name it (a prerequisite is expanded when its rule is read).
NODE_STAMP := node_modules/.package-lock.json
EXTRAS := lab,app,dask,test,site,hub
PORT   ?= 8888
comma  := ,

.PHONY: words js lab test install lint unit notebooks browser app clean bench normalize pins refresh-notebooks site handouts site-test lessons

## Set everything up and open JupyterLab on the class's own copy of the start notebook (classwork/:
## the class saves its work there, notebooks/ stays as shipped; scripts/classwork.py). The address to
## open, with its login token, is printed below; Ctrl+C twice stops the server.
lab: $(STAMP)
	$(BIN)/python scripts/classwork.py
	$(BIN)/jupyter lab --port=$(PORT) --LabApp.default_url=/lab/tree/classwork/00-start-here.ipynb \
		$(if $(filter 0,$(shell id -u)),--allow-root,)

## Set everything up and run every test: lint, unit + doctests, notebooks, browser.
test: $(STAMP) $(NODE_STAMP)
	$(BIN)/python scripts/ensure_chromium.py
	$(BIN)/python scripts/ensure_postgres.py
	$(BIN)/python scripts/run_tests.py

install: $(STAMP)

# The Node tools of package-lock.json (esbuild; configurable-http-proxy, the hub's proxy the tests start): npm ci.
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund

# One environment: the lock requirements/test.txt (every extra of pyproject.toml, `make pins`)
# pins each package Binder installs at Binder's own version, so the notebooks run here on Binder's
# versions; the kit itself goes in editable, without touching the pins.
$(STAMP): pyproject.toml requirements/test.txt hatch_build.py binder/overrides.json binder/jupyter_server_config.json | $(BIN)/uv
	$(BIN)/uv pip install --python $(BIN)/python --quiet -r requirements/test.txt
	$(BIN)/uv pip install --python $(BIN)/python --quiet --no-deps -e .
	# JupyterLab settings shared with Binder (no news pop-up).
	mkdir -p $(VENV)/share/jupyter/lab/settings
	cp binder/overrides.json $(VENV)/share/jupyter/lab/settings/overrides.json
	# Jupyter server settings shared with Binder: a save writes a notebook's language_info in the
	# shipped form (pokelab/notebook_files.py), so opening a lesson on another Python changes no file.
	mkdir -p $(VENV)/etc/jupyter
	cp binder/jupyter_server_config.json $(VENV)/etc/jupyter/jupyter_server_config.json
	touch $(STAMP)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-cache

unit: $(STAMP)
	$(BIN)/python scripts/run_tests.py --only unit

notebooks: $(STAMP)
	$(BIN)/python scripts/run_tests.py --only notebooks

browser: $(STAMP)
	$(BIN)/python scripts/ensure_chromium.py
	$(BIN)/python scripts/run_tests.py --only browser

## Open the classroom apps full screen with Voilà (no code showing) on http://127.0.0.1:$(APP_PORT)/.
## Voilà's settings (kernels end with their page, no request leaves the machine): widgets/apps/serve/voila.py.
## Voilà needs no --allow-root; APP_IP=0.0.0.0 shares the apps on the classroom network.
## The class pages share one class database: CLASS_DB (default ~/.local/share/pokelab/classes.db),
## e.g. CLASS_DB=postgresql://user@host/db on a JupyterHub.
APP_PORT ?= 8866
APP_IP   ?= 127.0.0.1
CLASS_DB ?=
app: $(STAMP)
	$(if $(CLASS_DB),POKELAB_CLASS_DB=$(CLASS_DB),) $(BIN)/voila apps/ --Voila.config_file_paths=widgets/apps/serve --port=$(APP_PORT) --Voila.ip=$(APP_IP) --theme=light

## The course as a static website in build/site/html (every lesson of both tracks executed; publish the folder as is).
site: $(STAMP)
	$(BIN)/python scripts/build_site.py

## The printable PDFs in build/handouts: exercise sheets + teacher keys and rulebooks, in both languages.
handouts: $(STAMP)
	$(BIN)/python scripts/ensure_chromium.py
	$(BIN)/python scripts/build_handouts.py

## Build the site and one handout per language in temporary folders and check them in Chromium.
site-test: $(STAMP)
	$(BIN)/python scripts/ensure_chromium.py
	$(BIN)/python scripts/ensure_postgres.py
	$(BIN)/python scripts/run_tests.py --only site

## After changing a text in the code: new texts into every catalogue (pokelab/words/locale), compile, check.
words: $(STAMP)
	$(BIN)/python scripts/words.py update
	$(BIN)/python scripts/words.py compile
	$(BIN)/python scripts/words.py check

## Rebuild the boards' ES modules (widgets/js -> widgets/static) with the pinned esbuild; needs Node.js + npm.
js: $(STAMP)
	npm ci --no-audit --no-fund
	$(BIN)/python scripts/build_js.py

## Strip outputs and widget state from every notebook (the test command checks this).
normalize: $(STAMP)
	$(BIN)/python scripts/normalize_notebooks.py

## Print the speed figures of every benchmark.
bench: $(STAMP)
	for b in benchmarks/bench_*.py; do $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) build dist *.egg-info test-artifacts

## Regenerate the locks from pyproject.toml (the test command checks them): requirements/test.txt,
## every extra, which `make install` installs; binder/requirements.txt, what Binder needs, held to
## the same versions by the first; deploy/jupyterhub/singleuser-requirements.txt, a pupil's server
## on a JupyterHub: Binder's pins plus the hub's single-user command, at the same versions again.
pins: | $(BIN)/uv
	$(BIN)/uv pip compile pyproject.toml $(foreach e,$(subst $(comma), ,$(EXTRAS)),--extra $(e)) \
		--python-version 3.11 --custom-compile-command "make pins" --quiet -o requirements/test.txt
	$(BIN)/uv pip compile pyproject.toml --extra lab --extra app -c requirements/test.txt \
		--python-version 3.11 --custom-compile-command "make pins" --quiet -o binder/requirements.txt
	$(BIN)/uv pip compile pyproject.toml --extra lab --extra app --extra hub -c binder/requirements.txt \
		-c requirements/test.txt --python-version 3.11 --custom-compile-command "make pins" --quiet \
		-o deploy/jupyterhub/singleuser-requirements.txt
$(BIN)/uv:
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip uv

## Build every lesson of both tracks (notebooks/ and notebooks/zh/) and their exercise versions
## from the one source of each lesson in lessons/ (jupytext MyST markdown), run and normalised;
## the glossary page first, and a scan for Chinese words the glossary does not use last.
lessons: $(STAMP)
	$(BIN)/python scripts/build_glossary.py
	$(BIN)/python scripts/build_lessons.py
	$(BIN)/python scripts/build_glossary.py --scan

## Re-run every notebook and keep only the outputs nbval checks (after editing an app or a fixture).
refresh-notebooks: $(STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace --ExecutePreprocessor.timeout=600 \
		$$(find notebooks apps tests/browser/fixtures tests/browser/notebooks -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' 2>/dev/null)
	$(BIN)/python scripts/normalize_notebooks.py
