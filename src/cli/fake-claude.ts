process.stderr.write('fake-claude: not yet available in this version of clide-conformance\n');
process.exitCode = 2;
