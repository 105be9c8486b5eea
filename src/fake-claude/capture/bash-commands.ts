import {
  FIND_PRIMARIES,
  GIT,
  READ_ONLY,
  type Spec,
  WRITING,
} from '../scripted/bash-permission/safe-command.js';

/**
 * A grammar of Bash commands that probe how a CLI gates its Bash tool: read-only commands with
 * their safe and their writing flags (`find -delete`, `sort -o`, `sed -i`…), writing commands,
 * wrappers (`env`, `timeout`, `xargs`, `sh -c`…), redirections and here-documents, command and
 * process substitution, pipes, lists, subshells, variables, globs and quotes, over paths inside the
 * session's folder, outside it, and absolute.
 *
 * The real CLI runs what it allows, so every command the grammar makes is harmless on the host when
 * run from a scenario's sandbox (`<root>/work`, HOME `<root>/home`, TMPDIR `<root>`): what it writes
 * or removes is in the sandbox or under a folder that does not exist (`/nonexistent-clide/`, never
 * created: no `mkdir -p` there); what it reads outside the sandbox is a small file of /etc; nothing
 * reads stdin without input, walks a large tree, waits, uses the network or changes the system.
 * `{cwd}` stands for the session's folder (the capture and the fake put the real one in).
 *
 * The grammar draws its choices from a `Chooser`: a seeded one makes the capture's corpus
 * (`bashCorpus`), fast-check's makes the property tests' commands.
 */

/** Where the grammar's choices come from. */
export interface Chooser {
  /** One of `options` (the first is the simplest: a shrinking chooser tends to it). */
  pick<T>(options: readonly T[]): T;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
}

/** A chooser from a seed: the same seed, the same commands (mulberry32). */
export function seededChooser(seed: number): Chooser {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    pick: (options) => options[Math.floor(next() * options.length)] as (typeof options)[number],
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
  };
}

/** The files a capture's sandbox holds before the commands run (relative to its folder). */
export const SANDBOX_FILES: Readonly<Record<string, string>> = {
  'a.txt': 'alpha\nbeta\n',
  'b.txt': 'beta\ngamma\n',
  'sub/c.txt': 'gamma\n',
  'notes.md': '# notes\n',
};

/** Links a capture's sandbox holds (name → target): one leads out of the folder, into the sandbox's root. */
export const SANDBOX_LINKS: Readonly<Record<string, string>> = { up: '..' };

/** Inside a `sh -c '…'`: no single quote may appear. */
interface Ctx {
  depth: number;
  single: boolean;
}

type Gen = (ch: Chooser, ctx: Ctx) => string;

const noSingle = (list: readonly string[], ctx: Ctx): string[] =>
  ctx.single ? list.filter((s) => !s.includes("'")) : [...list];

/** Existing files inside the folder, in the ways a command names them. */
const IN_FILES = [
  'a.txt',
  'b.txt',
  'sub/c.txt',
  './a.txt',
  'notes.md',
  '"a.txt"',
  "'b.txt'",
  '*.txt',
  'sub/*',
  '{cwd}/a.txt',
  '$PWD/a.txt',
  'sub/../a.txt',
  '"$PWD/b.txt"',
  '~+/a.txt',
];
/** Files to create inside the folder. */
const NEW_IN = [
  'new.txt',
  'sub/new.txt',
  'x.tmp',
  '{cwd}/new.txt',
  '"new file.txt"',
  './y.tmp',
  '$PWD/z.tmp',
];
/** Files outside the folder that are safe to write: the sandbox's root or home, or a missing folder. */
const OUT_WRITE = [
  '../out.txt',
  '~/out.txt',
  '$HOME/out.txt',
  '{cwd}/../out.txt',
  '/nonexistent-clide/out.txt',
  'sub/../../out.txt',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell word, not a template
  '"${HOME}/out.txt"',
];
/** Files outside the sandbox that are only read. */
const OUT_READ = ['/etc/hostname', '/etc/os-release', '/etc/passwd', '/proc/version', '~/.bashrc'];
/** Folders to list or search (small ones only: the sandbox's). */
const IN_DIRS = ['.', 'sub', './sub', '{cwd}', '$PWD', 'sub/..'];
const OUT_DIRS_SMALL = ['..', '~', '$HOME', '{cwd}/..'];
/** Folders only listed (not recursively). */
const OUT_DIRS_LISTED = ['/etc', '/', '/nonexistent-clide'];
const NEW_DIRS = ['newdir', 'sub/newdir', '{cwd}/newdir', '../outdir', '~/outdir'];
const ECHO_WORDS = [
  'hello',
  '"hello world"',
  "'hi there'",
  '$HOME',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell word, not a template
  '${HOME}',
  '$X',
  '*',
  '-n hi',
  '-e "a\\nb"',
  '$((1+2))',
  '~',
];

function pickFrom(ch: Chooser, ctx: Ctx, ...lists: ReadonlyArray<readonly string[]>): string {
  const pool = noSingle(lists.flat(), ctx);
  return ch.pick(pool);
}

/** A file a read-only command reads: mostly inside, sometimes outside. */
const readFile: Gen = (ch, ctx) =>
  ch.pick([() => pickFrom(ch, ctx, IN_FILES), () => pickFrom(ch, ctx, OUT_READ, OUT_WRITE)])();
/** A file a command writes: inside (existing or new) or outside (safe). */
const writeFile: Gen = (ch, ctx) =>
  ch.pick([() => pickFrom(ch, ctx, NEW_IN, IN_FILES), () => pickFrom(ch, ctx, OUT_WRITE)])();
const smallDir: Gen = (ch, ctx) =>
  ch.pick([() => pickFrom(ch, ctx, IN_DIRS), () => pickFrom(ch, ctx, OUT_DIRS_SMALL)])();
const listedDir: Gen = (ch, ctx) =>
  ch.pick([() => pickFrom(ch, ctx, IN_DIRS), () => pickFrom(ch, ctx, OUT_DIRS_SMALL, OUT_DIRS_LISTED)])();

const q = (ctx: Ctx, text: string): string => (ctx.single ? `"${text}"` : `'${text}'`);

/** Commands that only read (with the flags that keep them so). */
const READERS: Gen[] = [
  (ch, ctx) => `ls${ch.pick(['', ' -l', ' -la', ' -a', ' -1', ' -lh', ' -d'])} ${listedDir(ch, ctx)}`,
  (ch, ctx) => `ls -R ${smallDir(ch, ctx)}`,
  () => 'ls',
  (ch, ctx) => `cat${ch.pick(['', ' -n', ' -A'])} ${readFile(ch, ctx)}`,
  (ch, ctx) => `head${ch.pick(['', ' -n 2', ' -3', ' -c 4'])} ${readFile(ch, ctx)}`,
  (ch, ctx) => `tail${ch.pick(['', ' -n 2', ' -1', ' -c 4'])} ${readFile(ch, ctx)}`,
  (ch, ctx) => `wc${ch.pick(['', ' -l', ' -c', ' -w'])} ${readFile(ch, ctx)}`,
  (ch, ctx) =>
    `grep${ch.pick(['', ' -n', ' -i', ' -c', ' -l', ' -v', ' -E'])} ${ch.pick(['beta', q(ctx, 'a.*'), '-e beta'])} ${readFile(ch, ctx)}`,
  (ch, ctx) => `grep -r${ch.pick(['', 'n', 'l'])} beta ${smallDir(ch, ctx)}`,
  (ch, ctx) => `rg ${ch.pick(['beta', '-n beta', '-l gamma'])} ${smallDir(ch, ctx)}`,
  (ch, ctx) =>
    `find ${smallDir(ch, ctx)}${ch.pick(['', ` -name ${q(ctx, '*.txt')}`, ' -type f', ' -maxdepth 1', ' -newer a.txt', ' -print', ' -type d -name sub', ' -empty', ' -size -1k'])}`,
  (ch, ctx) => `sort${ch.pick(['', ' -r', ' -u', ' -n', ' -k1'])} ${readFile(ch, ctx)}`,
  (ch, ctx) => `uniq${ch.pick(['', ' -c', ' -d'])} ${readFile(ch, ctx)}`,
  (ch, ctx) => `${ch.pick(['diff', 'cmp', 'comm', 'diff -u'])} ${readFile(ch, ctx)} ${readFile(ch, ctx)}`,
  (ch, ctx) =>
    `${ch.pick(['stat', 'file', 'realpath', 'readlink -f', 'basename', 'dirname', 'md5sum', 'sha256sum', 'base64', 'od -c', 'xxd', 'nl', 'tac', 'rev', 'cut -c1-3', 'strings', 'du -h', 'jq -R .'])} ${readFile(ch, ctx)}`,
  (ch, ctx) => `du -sh ${smallDir(ch, ctx)}`,
  (ch, ctx) => `echo ${pickFrom(ch, ctx, ECHO_WORDS)}`,
  (ch, ctx) => `printf ${ch.pick([q(ctx, '%s\\n'), '"%d\\n"'])} ${ch.pick(['hi', '42', '$HOME'])}`,
  (ch) =>
    ch.pick([
      'pwd',
      'true',
      'false',
      'date',
      'date +%s',
      'whoami',
      'id',
      'uname -a',
      'hostname',
      'which ls',
      'type ls',
      'env',
      'printenv HOME',
      'printenv',
      'df -h .',
      'uptime',
      'nproc',
      'ps',
      'echo',
      ':',
      'test -f a.txt',
      '[ -d sub ]',
      'git --version',
      'node --version',
      'seq 3',
      'expr 1 + 2',
      'sleep 0',
      'cal',
      'groups',
      'tty',
      'locale',
    ]),
  (ch, ctx) => `sed -n ${q(ctx, ch.pick(['1p', '$p', '/beta/p', '2,3p']))} ${readFile(ch, ctx)}`,
  (ch, ctx) => (ctx.single ? `awk "NR==1" ${readFile(ch, ctx)}` : `awk '{print $1}' ${readFile(ch, ctx)}`),
  (ch, ctx) => `tr a-z A-Z < ${readFile(ch, ctx)}`,
  (ch, ctx) => `cut -d: -f1 ${readFile(ch, ctx)}`,
  (ch, ctx) => `jq . ${readFile(ch, ctx)}`,
  (ch, ctx) => `tree ${smallDir(ch, ctx)}`,
  (ch) =>
    `git ${ch.pick(['status', 'status --short', 'log --oneline -1', 'log', 'diff', 'diff --stat', 'show', 'branch', 'branch -a', 'rev-parse HEAD', 'ls-files', 'blame a.txt', 'remote -v', 'config --get user.name', 'stash list', 'tag', 'describe --always', 'shortlog -s', 'grep beta', 'log -p -1'])}`,
];

/** Read-only commands given a flag or form that writes or runs something. */
const READERS_WRITING: Gen[] = [
  (ch, ctx) =>
    `find ${smallDir(ch, ctx)}${ch.pick([' -delete', ` -name ${q(ctx, '*.tmp')} -delete`, ' -exec rm {} \\;', ' -exec cat {} \\;', ' -exec ls {} +', ' -execdir cat {} \\;', ' -type f -exec wc -l {} +'])}`,
  (ch, ctx) => `find ${smallDir(ch, ctx)} ${ch.pick(['-fprint', '-fls', '-fprint0'])} ${writeFile(ch, ctx)}`,
  (ch, ctx) => `find . -fprintf ${writeFile(ch, ctx)} ${q(ctx, '%p\\n')}`,
  (ch, ctx) =>
    ch.pick([
      () => `sort -o ${writeFile(ch, ctx)} ${readFile(ch, ctx)}`,
      () => `sort --output=${writeFile(ch, ctx)} ${readFile(ch, ctx)}`,
      () => `sort ${readFile(ch, ctx)} -o ${writeFile(ch, ctx)}`,
      () => `sort -uo ${writeFile(ch, ctx)} ${readFile(ch, ctx)}`,
    ])(),
  (ch, ctx) => `uniq ${readFile(ch, ctx)} ${writeFile(ch, ctx)}`,
  (ch, ctx) =>
    `sed ${ch.pick(['-i', '-i.bak', '--in-place', '-i -e', '-ni'])} ${q(ctx, 's/beta/BETA/')} ${writeFile(ch, ctx)}`,
  (ch, ctx) => `sed -n ${q(ctx, `w ${ch.pick(['out.txt', '../out.txt'])}`)} ${readFile(ch, ctx)}`,
  (ch, ctx) => `sed ${q(ctx, '1e touch x.tmp')} ${readFile(ch, ctx)}`,
  (_ch, ctx) => (ctx.single ? 'awk "BEGIN{print 1}"' : `awk '{print > "out.txt"}' a.txt`),
  (_ch, ctx) => (ctx.single ? 'awk "BEGIN{exit}"' : `awk 'BEGIN{system("touch x.tmp")}'`),
  (ch, ctx) => `git diff --output=${writeFile(ch, ctx)}`,
  (ch, ctx) => `git log --output=${writeFile(ch, ctx)}`,
  (ch) =>
    `git ${ch.pick(['add a.txt', 'add .', 'commit -m x', 'checkout -- a.txt', 'reset --hard', 'push', 'config user.name x', 'init', 'stash', 'branch newbranch', 'branch -D x', 'tag v1', 'clean -fd', 'rm a.txt', 'mv a.txt m.txt', 'fetch', 'pull', 'restore a.txt', 'switch -c nb', 'apply x.patch', 'config --global user.name x', '-C .. status', '-c core.pager=cat log', 'gc', 'notes add -m x'])}`,
  (ch) => `${ch.pick(['date -d @0', 'date --date=@0', 'date -u'])}${ch.pick(['', ' +%F'])}`,
  (ch, ctx) => `tar -cf ${ch.pick(['out.tar', '../out.tar'])} ${readFile(ch, ctx)}`,
  (ch) => `tar -tf ${ch.pick(['out.tar', 'missing.tar'])}`,
  (ch, ctx) => `gzip -k ${pickFrom(ch, ctx, IN_FILES)}`,
  (ch, ctx) => `jq . ${readFile(ch, ctx)} > ${writeFile(ch, ctx)}`,
  (ch, ctx) => `cp ${readFile(ch, ctx)} /dev/null`,
  (ch) =>
    ch.pick([
      'python3 -c "print(1)"',
      'node -e "1"',
      'perl -e 1',
      'npx --version',
      'make -n',
      'env -i ls',
      'xargs --version',
    ]),
];

/** Commands that write (their targets safe, see the file's comment). */
const WRITERS: Gen[] = [
  (ch, ctx) => `touch ${writeFile(ch, ctx)}`,
  (ch, ctx) =>
    ch.pick([
      () => `mkdir ${pickFrom(ch, ctx, NEW_DIRS, ['/nonexistent-clide/d'])}`,
      () => `mkdir -p ${pickFrom(ch, ctx, NEW_DIRS)}`,
    ])(),
  (ch, ctx) => `rm${ch.pick(['', ' -f', ' -rf', ' -r'])} ${writeFile(ch, ctx)}`,
  (ch, ctx) => `rmdir ${pickFrom(ch, ctx, NEW_DIRS)}`,
  // What is moved or linked is the folder's own (a link to a file outside would let a later write reach it).
  (ch, ctx) =>
    `${ch.pick(['mv', 'ln -s', 'ln', 'mv -f'])} ${pickFrom(ch, ctx, IN_FILES, NEW_IN)} ${writeFile(ch, ctx)}`,
  (ch, ctx) => `${ch.pick(['cp', 'cp -r', 'cp -p'])} ${readFile(ch, ctx)} ${writeFile(ch, ctx)}`,
  (ch, ctx) =>
    `${ch.pick(['chmod 644', 'chmod +x', 'chmod -R u+w', 'chown root', 'chgrp root'])} ${writeFile(ch, ctx)}`,
  (ch, ctx) => `truncate -s 0 ${writeFile(ch, ctx)}`,
  (ch, ctx) => `dd if=${readFile(ch, ctx)} of=${writeFile(ch, ctx)} status=none`,
  (ch, ctx) => `install -m 644 ${readFile(ch, ctx)} ${writeFile(ch, ctx)}`,
  (ch, ctx) => `unlink ${writeFile(ch, ctx)}`,
  (ch, ctx) => `: > ${writeFile(ch, ctx)}`,
  (ch, ctx) => `> ${writeFile(ch, ctx)}`,
  (ch, ctx) =>
    `echo ${ch.pick(['hi', '"hi there"'])} ${ch.pick(['>', '>>', '>|', '&>'])} ${writeFile(ch, ctx)}`,
  (ch, ctx) => `printf x ${ch.pick(['>', '>>'])} ${writeFile(ch, ctx)}`,
  (ch, ctx) => `cat ${readFile(ch, ctx)} > ${writeFile(ch, ctx)}`,
  (ch) =>
    ch.pick(['export X=1', 'X=1', 'unset X', 'alias ll=ls', 'set -e', 'umask 022', 'export PATH=$PATH']),
];

/** A simple command: a reader, a reader's writing form or a writer, then maybe a redirection. */
function simple(ch: Chooser, ctx: Ctx): string {
  const family = ch.pick([READERS, READERS, READERS_WRITING, WRITERS]);
  const base = ch.pick(family)(ch, ctx);
  return `${base}${redirection(ch, ctx)}`;
}

function redirection(ch: Chooser, ctx: Ctx): string {
  return ch.pick([
    () => '',
    () => '',
    () => '',
    () => ' 2>/dev/null',
    () => ' > /dev/null',
    () => ' 2>&1',
    () => ` ${ch.pick(['>', '>>', '2>', '&>', '>|', '1>', '2>>'])} ${writeFile(ch, ctx)}`,
    () => ` < ${readFile(ch, ctx)}`,
  ])();
}

/** What a pipe feeds any command's output into (nothing that runs what it reads). */
const FILTERS: Gen[] = [
  () => 'grep beta',
  () => 'head -1',
  () => 'wc -l',
  () => 'sort',
  () => 'uniq',
  () => 'cat',
  (ch, ctx) => `tee${ch.pick(['', ' -a'])} ${writeFile(ch, ctx)}`,
  () => 'xargs echo',
  () => 'xargs -0 echo',
  () => 'tr a-z A-Z',
  (_ch, ctx) => `sed ${q(ctx, 's/a/b/')}`,
  () => 'tee /dev/null',
];

/** Output naming only the folder's files, and what may consume it (run, remove, copy). */
const PRODUCERS = [
  'echo x.tmp',
  'printf "x.tmp\\n"',
  'find . -name "*.tmp"',
  'echo a.txt',
  'echo ../out.txt',
  'ls',
];
const CONSUMERS = [
  'xargs rm -f',
  'xargs touch',
  'xargs cat',
  'xargs ls',
  'xargs -I{} cp {} y.tmp',
  'xargs wc -l',
  'xargs -n1 echo',
];
/** Commands a pipe hands to a shell. */
const SHELL_INPUTS = ['echo ls', 'echo "touch x.tmp"', 'printf "pwd\\n"', 'echo "cat a.txt"'];

/** Commands run in `sub` (a `cd` in a subshell: relative paths there are `sub`'s). */
const IN_SUB = ['ls', 'cat c.txt', 'touch x.tmp', 'rm -f x.tmp', 'echo hi > ../x.tmp', 'cat ../a.txt', 'pwd'];

/** A command with a wrapper in front, or inside a compound command. */
function wrapped(ch: Chooser, ctx: Ctx): string {
  const deeper = { ...ctx, depth: ctx.depth + 1 };
  const inner = () => command(ch, deeper);
  const innerSimple = () => simple(ch, deeper);
  const stripped = (text: string) => text.replace(ctx.single ? /["$`\\]/g : /'/g, '');
  return ch.pick([
    () => `env ${innerSimple()}`,
    () => `env X=1 ${innerSimple()}`,
    () => `timeout 5 ${innerSimple()}`,
    () => `nice ${innerSimple()}`,
    () => `nice -n 5 ${innerSimple()}`,
    () => `nohup ${innerSimple()}`,
    () => `command ${innerSimple()}`,
    () => `time ${innerSimple()}`,
    () => `stdbuf -o0 ${innerSimple()}`,
    () => `X=1 ${innerSimple()}`,
    () => `builtin ${ch.pick(['echo hi', 'pwd', 'type ls'])}`,
    () => `exec ${innerSimple()}`,
    () => (ctx.single ? `eval "${stripped(innerSimple())}"` : `eval '${stripped(innerSimple())}'`),
    () =>
      ctx.single
        ? `sh -c "${stripped(innerSimple())}"`
        : `${ch.pick(['sh', 'bash', 'bash -l'])} -c '${command(ch, { depth: ctx.depth + 1, single: true })}'`,
    () => `(${inner()})`,
    () => `{ ${inner()}; }`,
    () => `(cd sub && ${ch.pick(IN_SUB)})`,
    () => `(cd ${ch.pick(['..', '~', '/etc'])} && ${ch.pick(['ls', 'pwd', 'cat hostname'])})`,
    () => `if [ -f a.txt ]; then ${innerSimple()}; fi`,
    () =>
      `for f in ${ch.pick(['*.txt', 'a.txt b.txt', 'sub/*'])}; do ${ch.pick(['cat', 'wc -l', 'rm -f', 'touch', 'echo', 'cp -n a.txt'])} "$f"; done`,
    () => `while read l; do echo "$l"; done < ${readFile(ch, ctx)}`,
    () => `echo $(${innerSimple()})`,
    () =>
      `${ch.pick(['cat', 'ls', 'wc -l', 'rm -f', 'touch'])} $(${ch.pick(['echo a.txt', 'echo ../out.txt', 'pwd', 'find . -name "*.tmp"'])})`,
    () => `echo \`${ch.pick(['pwd', 'ls', 'date', 'touch x.tmp', 'whoami'])}\``,
    () => `${ch.pick(['cat', 'ls', 'wc -l'])} \`${ch.pick(['echo a.txt', 'echo ../out.txt', 'pwd'])}\``,
    () => `diff <(${ch.pick(['cat a.txt', 'ls', 'touch x.tmp'])}) ${readFile(ch, ctx)}`,
    () => `echo hi > >(${ch.pick(['cat', 'tee x.tmp', 'wc -c'])})`,
    () => `cat <<EOF${ch.pick(['', ` > ${writeFile(ch, ctx)}`])}\nline one\n$HOME\nEOF`,
    () => `cat <<${ctx.single ? '"END"' : "'END'"}\nliteral $HOME\nEND`,
    () =>
      `${ch.pick(['cat', 'wc -c', 'tee x.tmp', 'sh', 'grep l'])} <<< ${ch.pick(['hello', '"ls"', '$HOME'])}`,
    () => `${ch.pick(PRODUCERS)} | ${ch.pick(CONSUMERS)}`,
    () => `${ch.pick(SHELL_INPUTS)} | ${ch.pick(['sh', 'bash', 'xargs -I{} sh -c {}'])}`,
  ])();
}

/** A pipeline, a list, a wrapped command or a simple one. */
function command(ch: Chooser, ctx: Ctx): string {
  if (ctx.depth >= 2) return simple(ch, ctx);
  const next = { ...ctx, depth: ctx.depth + 1 };
  return ch.pick([
    () => simple(ch, ctx),
    () => simple(ch, ctx),
    () => wrapped(ch, ctx),
    () => wrapped(ch, ctx),
    () => `${simple(ch, next)} | ${ch.pick(FILTERS)(ch, ctx)}`,
    () => `${simple(ch, next)} | ${ch.pick(FILTERS)(ch, ctx)} | ${ch.pick(FILTERS)(ch, ctx)}`,
    () => `${simple(ch, next)} ${ch.pick(['&&', '||', ';'])} ${command(ch, next)}`,
  ])();
}

/** One command of the grammar. */
export function bashCommand(ch: Chooser): string {
  return command(ch, { depth: 0, single: false });
}

/** A read-only command alone, with no operator (the part of the grammar most commands would run). */
export function bashReader(ch: Chooser): string {
  return ch.pick(READERS)(ch, { depth: 0, single: false });
}

/**
 * Hand-picked cases: the four of the reported break (the fake ran them in dontAsk), the kit's own
 * scenarios' commands, and the edges of quoting and expansion.
 */
export const EDGE_CASES: readonly string[] = [
  'env touch x.tmp',
  'find . -delete',
  'sort -o sorted.txt a.txt',
  'find . -name "*.tmp" -exec rm {} \\;',
  'echo hi > bash.txt',
  'echo greeting',
  'echo hi',
  'ls',
  'ls -la',
  'cat a.txt',
  'pwd',
  'git status',
  'echo hi > /dev/null',
  'echo hi 2>&1',
  'cat a.txt | grep beta',
  'ls && pwd',
  'ls; pwd',
  'ls || pwd',
  'echo "a > b"',
  "echo 'a; touch x.tmp'",
  'echo a\\; touch x.tmp',
  'echo $(touch x.tmp)',
  'echo `touch x.tmp`',
  'echo "$(touch x.tmp)"',
  "echo '$(touch x.tmp)'",
  'ls $(pwd)',
  'cat "$HOME/.bashrc"',
  'cat ~/.bashrc',
  'ls ..',
  'ls ../work',
  'ls {cwd}',
  'cat {cwd}/a.txt',
  'cat {cwd}/../out.txt',
  'ls /',
  'cat /etc/hostname',
  'head -n 1 /etc/passwd',
  'grep -r beta .',
  'grep -r beta ..',
  'find .',
  'find ..',
  'find . -name "*.txt"',
  'find . -type f -newer a.txt',
  'sort a.txt',
  'sort -r a.txt',
  'sort a.txt > sorted.txt',
  'sort a.txt -o a.txt',
  'sed -n 1p a.txt',
  "sed -i 's/a/b/' a.txt",
  'xargs echo < a.txt',
  'echo a.txt | xargs cat',
  'echo x.tmp | xargs rm -f',
  'echo x.tmp | xargs touch',
  'timeout 5 ls',
  'timeout 5 touch x.tmp',
  'nice ls',
  'nice touch x.tmp',
  'env ls',
  'env X=1 ls',
  'env rm -f x.tmp',
  'sh -c "ls"',
  'bash -c "ls"',
  'sh -c "touch x.tmp"',
  "bash -c 'echo hi'",
  '(ls)',
  '(touch x.tmp)',
  '{ ls; }',
  '(cd sub && ls)',
  '(cd sub && touch x.tmp)',
  'touch x.tmp',
  'mkdir newdir',
  'mkdir -p sub/newdir',
  'rm -f x.tmp',
  'rm -rf newdir',
  'cp a.txt copy.txt',
  'mv x.tmp y.tmp',
  'touch ../out.txt',
  'touch ~/out.txt',
  'echo hi > ../out.txt',
  'echo hi >> notes.md',
  'echo hi | tee x.tmp',
  'echo hi | tee ../out.txt',
  'cat <<EOF > x.tmp\nhello\nEOF',
  'cat <<EOF\nhello\nEOF',
  'git log --oneline -1',
  'git diff',
  'git add a.txt',
  'git commit -m x',
  'git push',
  'python3 -c "print(1)"',
  'node -e "1"',
  'echo $HOME',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell word, not a template
  'echo ${HOME}',
  'echo *',
  'ls *.txt',
  'cat *.txt',
  'rm -f *.tmp',
  'wc -l a.txt b.txt',
  'diff a.txt b.txt',
  'echo hi && touch x.tmp',
  'ls | xargs rm -f',
  'true && false',
  'which git',
  'printenv HOME',
  'date',
  'uniq a.txt out.txt',
  'find . -fprint out.txt',
  'find . -exec cat {} \\;',
  'find . -execdir ls {} \\;',
  'sort --output=sorted.txt a.txt',
  "awk '{print $1}' a.txt",
  'awk \'BEGIN{system("touch x.tmp")}\'',
  'sed -n "w out.txt" a.txt',
  'git diff --output=out.txt',
  'tar -cf out.tar a.txt',
  'dd if=a.txt of=x.tmp status=none',
  'ln -s a.txt link.txt',
  'chmod +x a.txt',
  'echo hi > "new file.txt"',
  'echo hi >| x.tmp',
  'echo hi &> x.tmp',
  'echo hi 2> x.tmp',
  'ls > x.tmp 2>&1',
  'cat < a.txt',
  'cat a.txt > /dev/null 2>&1',
  'X=1 ls',
  'X=1 touch x.tmp',
  'export X=1',
  'command ls',
  'command touch x.tmp',
  'exec ls',
  'eval ls',
  "eval 'touch x.tmp'",
  'time ls',
  'nohup ls',
  'stdbuf -o0 ls',
  'builtin pwd',
  'echo ls | sh',
  'sh < a.txt',
  'diff <(ls) a.txt',
  'cat <<< hello',
  'for f in *.txt; do cat "$f"; done',
  'for f in *.tmp; do rm -f "$f"; done',
  'if [ -f a.txt ]; then cat a.txt; fi',
  'test -f a.txt && echo yes',
  'git -C .. status',
  'git config user.name x',
];

/** The paths a probe of the rule names (inside the folder, in each way it may be written). */
const PROBE_PATHS = ['a.txt', 'sub', './sub/c.txt', '"a.txt"', '{cwd}/a.txt', '{cwd}'];
/** An example value of each of find's primaries the rule allows. */
const FIND_EXAMPLES: Readonly<Record<string, string>> = {
  '-name': "'*.txt'",
  '-type': 'f',
  '-maxdepth': '1',
  '-newer': 'a.txt',
  '-print': '',
  '-empty': '',
};

function specProbes(name: string, spec: Spec, paths: readonly string[]): string[] {
  const out: string[] = [];
  const lead = spec.args === 'pattern-paths' ? (name === 'jq' ? ' .' : ' beta') : '';
  const tail = (path: string) =>
    spec.args === 'none' ? '' : spec.args === 'words' ? ' hello' : `${lead} ${path}`;
  for (const path of spec.args === 'none' || spec.args === 'words' ? [''] : paths) {
    out.push(`${name}${tail(path)}`);
  }
  // With no path (or word): what it reads is stdin.
  if (spec.args !== 'none') out.push(`${name}${lead}`);
  const first = paths[0] ?? 'a.txt';
  for (const flag of spec.flags ?? []) out.push(`${name} ${flag}${tail(first)}`);
  for (const flag of spec.valued ?? []) out.push(`${name} ${flag} 2${tail(first)}`);
  for (const [, example] of spec.attached ?? []) out.push(`${name} ${example}${tail(first)}`);
  if (spec.maxArgs === 2) out.push(`${name}${lead} a.txt b.txt`);
  return out;
}

/**
 * A probe of every form the fake's rule for unseen commands allows (scripted/bash-permission/
 * safe-command.ts): each command with no path and with each way of naming one, with each of its flags, each
 * git subcommand and find primary, the quiet redirections and the operators; in acceptEdits the
 * writing commands and redirections to new files. The corpus holds them so that a pinned version
 * that asks about one of them shows at once (the property test then fails).
 */
export function ruleProbes(): string[] {
  const out: string[] = [];
  for (const [name, spec] of Object.entries(READ_ONLY)) {
    if (name === 'find') continue;
    out.push(...specProbes(name, spec, PROBE_PATHS));
  }
  for (const [sub, spec] of Object.entries(GIT)) out.push(...specProbes(`git ${sub}`, spec, []));
  for (const path of PROBE_PATHS) out.push(`find ${path}`);
  out.push('find -type f');
  for (const primary of Object.keys(FIND_PRIMARIES)) {
    const example = FIND_EXAMPLES[primary];
    if (example === undefined) throw new Error(`no example of find ${primary}`);
    out.push(`find sub ${primary} ${example}`.trimEnd());
  }
  out.push(
    'ls | grep beta',
    'cat a.txt | sort | head -n 1',
    'ls && pwd',
    'ls || pwd',
    'ls ; pwd',
    'cat a.txt 2>/dev/null',
    'ls >/dev/null',
    'ls > /dev/null 2>&1',
    'grep -c beta a.txt 2>&1 | wc -l',
  );
  const created = ['w1.tmp', 'wdir/w2.tmp', '{cwd}/w3.tmp', '"w 4.tmp"'];
  out.push(
    'mkdir wdir',
    ...created.map((p) => `touch ${p}`),
    ...created.map((p) => `echo hi > ${p}`),
    'echo hi >> w1.tmp',
    'ls > w1.tmp 2>&1',
    'mkdir -p wdir/deep/er',
    'cp a.txt w5.tmp',
    'cp -r sub wsub',
    'mv w5.tmp w6.tmp',
    'rm w6.tmp',
    'rm -f w1.tmp',
    'rm -r wsub',
    'rmdir wdir/deep/er',
    'rm -rf wdir',
    'touch w7.tmp && rm -f w7.tmp',
  );
  return out;
}

/**
 * Paths near the rule's: inside, outside (the sandbox's, so a flag that writes stays harmless),
 * through the link out, the folder itself, a glob.
 */
const NEAR_PATHS = [
  'a.txt',
  'sub',
  'sub/c.txt',
  './a.txt',
  '"a.txt"',
  '{cwd}/a.txt',
  '{cwd}',
  '.',
  'new.txt',
  '..',
  '../out.txt',
  '~',
  '{cwd}/../out.txt',
  'up',
  'up/out.txt',
  'sub/..',
  '*.txt',
];
/** Flags the rule does not allow, some of which write (none that waits: no `-f`). */
const NEAR_FLAGS = ['-o', '-i', '-delete', '--output=x.tmp', '-R', '-L', '-0', '-x', '-s', '-z', '-w', '-q'];
const NEAR_REDIRECTIONS = [
  '',
  '',
  ' 2>/dev/null',
  ' > /dev/null',
  ' 2>&1',
  ' > new.txt',
  ' >> new.txt',
  ' > ../out.txt',
  ' > up/out.txt',
];

/** A command of the rule's own commands, with flags and paths in and out of what it allows. */
function nearPart(ch: Chooser): string {
  const writing = ch.pick([false, false, true]);
  const table: Readonly<Record<string, Spec>> = writing ? WRITING : { ...READ_ONLY, ...GIT_COMMANDS };
  const [name, spec] = ch.pick(Object.entries(table)) as [string, Spec];
  const flagPool = [
    ...(spec.flags ?? []),
    ...(spec.valued ?? []).map((f) => `${f} 2`),
    ...(spec.attached ?? []).map(([, example]) => example),
    ...NEAR_FLAGS,
  ];
  const words = [name];
  for (let i = ch.int(0, 2); i > 0; i--) words.push(ch.pick(flagPool));
  if (spec.args === 'pattern-paths') words.push(name === 'jq' ? '.' : 'beta');
  if (spec.args === 'words') words.push('hello');
  if (spec.args !== 'none') {
    for (let i = ch.int(0, 2); i > 0; i--) words.push(ch.pick(NEAR_PATHS));
  }
  return words.join(' ');
}

/** `git <subcommand>` as commands of their own (for `nearPart`). */
const GIT_COMMANDS: Readonly<Record<string, Spec>> = Object.fromEntries(
  Object.entries(GIT).map(([sub, spec]) => [`git ${sub}`, spec]),
);

/**
 * A command near the rule for unseen commands: one or two of its commands (`|`, `&&`, `||`, `;`),
 * each with allowed and other flags and paths inside, outside and through a link out, then maybe a
 * redirection. Where the rule would go wrong first.
 */
export function nearRuleCommand(ch: Chooser): string {
  const first = nearPart(ch);
  const joined = ch.pick([
    () => first,
    () => `${first} ${ch.pick(['|', '&&', '||', ';'])} ${nearPart(ch)}`,
  ])();
  return `${joined}${ch.pick(NEAR_REDIRECTIONS)}`;
}

/**
 * Cases that change the session's state for the commands after them (a `cd` the Bash tool keeps):
 * asked about last.
 */
export const TRAILING_CASES: readonly string[] = ['cd sub && ls'];

/** How many generated commands a capture adds to the hand-picked ones (before removing duplicates). */
export const GENERATED_COMMANDS = 330;
/** Read-only commands alone it adds too. */
export const GENERATED_READERS = 150;
/** Commands near the rule for unseen commands it adds too (`nearRuleCommand`). */
export const GENERATED_NEAR = 150;
/** The seed of the capture's corpus. */
export const CORPUS_SEED = 20261205;

/**
 * The corpus a capture asks the real CLI about: the hand-picked cases, the probes of the fake's
 * rule for unseen commands, then commands of the grammar, read-only commands alone and commands
 * near the rule from a fixed seed, each once, in that order, and last the
 * cases that change what follows.
 */
export function bashCorpus(): string[] {
  const ch = seededChooser(CORPUS_SEED);
  const out = new Set([...EDGE_CASES, ...ruleProbes()]);
  for (let i = 0; i < GENERATED_COMMANDS; i++) out.add(bashCommand(ch));
  for (let i = 0; i < GENERATED_READERS; i++) out.add(bashReader(ch));
  for (let i = 0; i < GENERATED_NEAR; i++) out.add(nearRuleCommand(ch));
  for (const c of TRAILING_CASES) out.delete(c);
  return [...out, ...TRAILING_CASES];
}
