process.stderr.write('clide-record: not yet available in this version of clide-conformance\n');
process.exitCode = 2;
