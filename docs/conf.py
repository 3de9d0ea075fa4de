# The manual, built by `make docs` (Sphinx, Markdown through myst-parser,
# both from Debian's archive) into build/docs/html with warnings as errors.
project = "mac-fw"
author = "the mac-fw developers"
root_doc = "index"
extensions = ["myst_parser"]
source_suffix = {".md": "markdown"}
# every heading down to ### is a link target: [text](page.md#its-slug)
myst_heading_anchors = 3
exclude_patterns = ["_build"]
html_theme = "alabaster"
html_theme_options = {"page_width": "1200px", "body_max_width": "none"}
html_show_sourcelink = False
