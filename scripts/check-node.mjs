// Every npm script must run on the pinned Node 24 from devDependencies (node_modules/.bin/node),
// even on machines that ship another version.
const major = Number(process.versions.node.split('.')[0]);
if (major !== 24) {
  console.error(
    `Ensaya needs Node 24; this script runs on ${process.version}. Run "npm install" first.`,
  );
  process.exit(1);
}
