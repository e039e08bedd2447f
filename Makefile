# standups — every command a newcomer needs.
SWIFT ?= swift
DATA ?= Sources/StandupsCore/Resources/sample-standups.json

.PHONY: run run-inventory build test format lint snapshots release bench order clean man man-check install uninstall install-check

## run: build and open the app on the embedded sample data file (a copy, so the sample stays pristine)
run:
	@$(SWIFT) build --product standups 2>&1 | grep -Ev '^(\[|Building|Build (of product .* )?complete|Compiling|Write|Emitting)' || true
	@mkdir -p .build/run && cp -n $(DATA) .build/run/standups.json 2>/dev/null || true
	@$$($(SWIFT) build --show-bin-path)/standups --data .build/run/standups.json

## run-inventory: build and open the second app, inventory, on its own data file (sample items on first run)
run-inventory:
	@$(SWIFT) build --product inventory 2>&1 | grep -Ev '^(\[|Building|Build (of product .* )?complete|Compiling|Write|Emitting)' || true
	@mkdir -p .build/run
	@$$($(SWIFT) build --show-bin-path)/inventory --data .build/run/items.json

build:
	$(SWIFT) build

## test: every test — reducers, views (snapshots), backend and end-to-end (tmux)
test:
	$(SWIFT) build
	$(SWIFT) test

## snapshots: re-record the committed screen snapshots
snapshots:
	SNAPSHOT_RECORD=1 $(SWIFT) test --filter "StandupsTUITests|InventoryTUITests"

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

## release: the binary to install — optimised, the Swift runtime and Foundation
## linked in (one file that needs only libc and ncurses), and not position-
## independent, so nothing of that runtime is relocated at start; no symbols
## exported (no program loads it as a library: its 3 MB symbol table would be
## read at every start); linked by lld with every function in a section of its
## own and the functions a session runs side by side (scripts/standups.order,
## and scripts/standups-hot.ld for those no symbol places: `make order`),
## so the few pages of code a session touches are together:
## .build/release/standups
## The C++ library the Swift runtime uses is linked in too (`-lstdc++` finds the
## archive in $(STATIC_CXX) first): the shared one cost 1.4 MB resident at
## start for the few functions used.
STATIC_CXX = $(CURDIR)/.build/static-c++
RELEASE_BUILD = $(SWIFT) build -c release --static-swift-stdlib $(if $(SCRATCH),--scratch-path $(SCRATCH)) \
	-Xlinker -L$(STATIC_CXX) \
	-Xswiftc -use-ld=lld -Xswiftc -Xfrontend -Xswiftc -function-sections \
	-Xlinker -no-pie -Xlinker --no-export-dynamic \
	-Xlinker --symbol-ordering-file=$(CURDIR)/scripts/standups.order -Xlinker --no-warn-symbol-ordering \
	-Xlinker --script=$(CURDIR)/scripts/standups-hot.ld
$(STATIC_CXX)/libstdc++.a:
	@mkdir -p $(STATIC_CXX)
	@ln -sf "$$(clang -print-file-name=libstdc++.a 2>/dev/null || cc -print-file-name=libstdc++.a)" $@

release: $(STATIC_CXX)/libstdc++.a
	$(RELEASE_BUILD) --product standups
	$(RELEASE_BUILD) --product inventory
	@echo "built $$($(RELEASE_BUILD) --show-bin-path)/standups and inventory"

## bench: the release build of the app, `standups-bench` and the C program the key
## latency is compared with (`ncurses-reference`), then the table of figures
## (make bench BENCH_ARGS=--quick; SCRATCH=dir builds in another scratch path)
bench: $(STATIC_CXX)/libstdc++.a
	$(RELEASE_BUILD) --product standups
	$(RELEASE_BUILD) --product standups-bench
	$(RELEASE_BUILD) --product ncurses-reference
	@# swift-dependencies dlopens this test library when it lies beside the
	@# binary (RUNPATH $$ORIGIN), as it does after a release build of every
	@# product: 16 MB more resident, which no installed copy has.
	@rm -f "$$($(RELEASE_BUILD) --show-bin-path)/libDependenciesTestObserver.so"
	$$($(RELEASE_BUILD) --show-bin-path)/standups-bench $(BENCH_ARGS)

## order: scripts/standups.order and standups-hot.ld again, from callgrind
## sessions of the release build (after changes to what start-up or a common
## screen runs; needs valgrind), then the release build linked with them
order: $(STATIC_CXX)/libstdc++.a
	@mkdir -p .build
	$(RELEASE_BUILD) --product standups -Xlinker -Map=$(CURDIR)/.build/standups.map -Xlinker --no-demangle
	$(RELEASE_BUILD) --product standups-bench
	scripts/order-file.py "$$($(RELEASE_BUILD) --show-bin-path)" .build/standups.map
	$(RELEASE_BUILD) --product standups

## man: the manual pages in docs/man, from the argument parser (its generate-manual
## tool) and, for the sections it cannot write, from the apps (keys from the keymaps)
MAN_DATE = 2026-11-23
man:
	$(SWIFT) build --product standups
	$(SWIFT) build --product inventory
	$(SWIFT) build --product generate-manual
	@mkdir -p docs/man .build/man
	@bin=$$($(SWIFT) build --show-bin-path); for app in standups inventory; do \
	  "$$bin/generate-manual" "$$bin/$$app" --date $(MAN_DATE) -o .build/man && \
	  "$$bin/$$app" debug-manual --generated .build/man/$$app.1 > docs/man/$$app.1 || exit 1; \
	done
	@echo "docs/man/standups.1 docs/man/inventory.1"

## man-check: the committed manual pages are what `make man` makes now (CI)
man-check: man
	git diff --exit-code -- docs/man

## install: both apps, their manual pages and bash/zsh/fish completions under
## $(DESTDIR)$(PREFIX) (PREFIX=/usr/local); BIN=dir installs binaries already built there
PREFIX ?= /usr/local
BIN ?=
INSTALL_BIN = $(DESTDIR)$(PREFIX)/bin
INSTALL_MAN = $(DESTDIR)$(PREFIX)/share/man/man1
INSTALL_BASH = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
INSTALL_ZSH = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
INSTALL_FISH = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
install:
	@if [ -z "$(BIN)" ]; then $(MAKE) --no-print-directory $(STATIC_CXX)/libstdc++.a && \
	  $(RELEASE_BUILD) --product standups && $(RELEASE_BUILD) --product inventory; fi
	@bin="$(BIN)"; [ -n "$$bin" ] || bin=$$($(RELEASE_BUILD) --show-bin-path); \
	install -d "$(INSTALL_BIN)" "$(INSTALL_MAN)" "$(INSTALL_BASH)" "$(INSTALL_ZSH)" "$(INSTALL_FISH)" && \
	install -m 0755 "$$bin/standups" "$$bin/inventory" "$(INSTALL_BIN)/" && \
	install -m 0644 docs/man/standups.1 docs/man/inventory.1 "$(INSTALL_MAN)/" && \
	"$$bin/standups" debug-completion-script --shell bash > "$(INSTALL_BASH)/standups" && \
	"$$bin/standups" debug-completion-script --shell zsh > "$(INSTALL_ZSH)/_standups" && \
	"$$bin/standups" debug-completion-script --shell fish > "$(INSTALL_FISH)/standups.fish" && \
	"$$bin/inventory" debug-completion-script --shell bash > "$(INSTALL_BASH)/inventory" && \
	"$$bin/inventory" debug-completion-script --shell zsh > "$(INSTALL_ZSH)/_inventory" && \
	"$$bin/inventory" debug-completion-script --shell fish > "$(INSTALL_FISH)/inventory.fish" && \
	echo "installed standups and inventory in $(INSTALL_BIN)"

uninstall:
	rm -f "$(INSTALL_BIN)/standups" "$(INSTALL_BIN)/inventory" \
	  "$(INSTALL_MAN)/standups.1" "$(INSTALL_MAN)/inventory.1" \
	  "$(INSTALL_BASH)/standups" "$(INSTALL_BASH)/inventory" \
	  "$(INSTALL_ZSH)/_standups" "$(INSTALL_ZSH)/_inventory" \
	  "$(INSTALL_FISH)/standups.fish" "$(INSTALL_FISH)/inventory.fish"

## install-check: install into a temporary prefix from the debug build and use what
## was installed (CI): the binaries run, the pages render, bash loads the completion
install-check:
	$(SWIFT) build --product standups
	$(SWIFT) build --product inventory
	@bin=$$($(SWIFT) build --show-bin-path); prefix=$$(mktemp -d); \
	$(MAKE) --no-print-directory install BIN="$$bin" PREFIX="$$prefix" && \
	test "$$("$$prefix/bin/standups" --version)" = "$$("$$prefix/bin/inventory" --version)" && \
	"$$prefix/bin/standups" render --data $(DATA) --size 40x10 | grep -q Standups && \
	man -l "$$prefix/share/man/man1/standups.1" | grep -q KEYS && \
	man -l "$$prefix/share/man/man1/inventory.1" | grep -q KEYS && \
	bash --norc --noprofile -c 'source "$$0/share/bash-completion/completions/standups" && complete -p standups' "$$prefix" && \
	$(MAKE) --no-print-directory uninstall PREFIX="$$prefix" && \
	test -z "$$(find "$$prefix" -type f)" && rm -rf "$$prefix" && echo "install-check: ok"

clean:
	rm -rf .build
