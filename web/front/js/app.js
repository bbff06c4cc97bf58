// @ts-check
// Mykerinos front end: draws the view that Python (web/page/main.py) hands over and
// sends clicks back. It knows no rules: every highlight, button, place and
// word comes from the view (docs/VIEW.md). The modules are in web/front/js/;
// boot.js wires them together.

import { start } from "./boot.js";

start();
