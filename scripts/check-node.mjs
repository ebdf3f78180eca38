// Pasado runs on Node.js 24 LTS (22 works too). `npm install` puts Node 24 into node_modules on
// Linux (x64, arm64), Windows (x64) and Intel macOS, and npm scripts then run with it; elsewhere
// the machine's own Node must do. An older one stops here at once, saying what to run.
const [major] = process.versions.node.split('.').map(Number);
if ((major ?? 0) < 22) {
  console.error(
    [
      `Pasado needs Node.js 24 (or 22); this is Node.js ${process.versions.node}.`,
      'Install Node.js 24 LTS (for example: nvm install 24 && nvm use 24), then run again:',
      '  npm install && npm start',
    ].join('\n'),
  );
  process.exit(1);
}
