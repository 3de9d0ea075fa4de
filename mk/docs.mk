# The manual (docs/, Markdown through myst-parser) built by Sphinx into
# build/docs/html, warnings as errors; tests/docs-test.py holds it and
# README.md to the tree: links, make targets, the headline's figures.
DOCS_HTML := $(BUILD_ROOT)/docs/html
.PHONY: docs docs-test
docs:
	$(Q)rm -rf $(DOCS_HTML).tmp
	$(Q)sphinx-build -W --keep-going -q -b html -d $(BUILD_ROOT)/docs/doctrees docs $(DOCS_HTML).tmp
	$(Q)rm -rf $(DOCS_HTML) && mv $(DOCS_HTML).tmp $(DOCS_HTML)
	@echo "the manual: $(DOCS_HTML)/index.html"
docs-test:
	$(Q)tools/run-part.sh docs $(RESULTS) tests/docs-test.py $(MAKE) $(BUILD_ROOT) $(BOARDS)
