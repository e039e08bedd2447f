# standups — every command a newcomer needs.
SWIFT ?= swift
DATA ?= Sources/StandupsCore/Resources/sample-standups.json

.PHONY: run run-inventory build test format lint snapshots release bench clean

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
## independent, so nothing of that runtime is relocated at start:
## .build/release/standups
RELEASE_BUILD = $(SWIFT) build -c release --static-swift-stdlib -Xlinker -no-pie $(if $(SCRATCH),--scratch-path $(SCRATCH))
release:
	$(RELEASE_BUILD) --product standups
	@echo "built $$($(RELEASE_BUILD) --show-bin-path)/standups"

## bench: the release build of the app and `standups-bench`, then the table of figures
## (make bench BENCH_ARGS=--quick; SCRATCH=dir builds in another scratch path)
bench:
	$(RELEASE_BUILD) --product standups
	$(RELEASE_BUILD) --product standups-bench
	$$($(RELEASE_BUILD) --show-bin-path)/standups-bench $(BENCH_ARGS)

clean:
	rm -rf .build
