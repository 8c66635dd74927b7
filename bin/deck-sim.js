#!/usr/bin/env node
// Built by `npm ci` (the prepare script) into out/.
require('../out/server/src/cli/main.js').run(process.argv.slice(2)).then((status) => {
  if (status >= 0) process.exitCode = status;
});
