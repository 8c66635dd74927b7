/// <reference types="mocha" />
// Mocha's browser build (it sets the global `mocha`), set up before the test files define
// their suites: index.ts imports this module first.
import 'mocha/mocha.js';

mocha.setup({ ui: 'bdd', reporter: 'spec', color: false, timeout: 30_000 });
