import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { isRecord } from '../../../util/json.js';
import { bashGate } from '../../scripted/bash-permission/index.js';
import type { Json, PermissionPolicy, ToolContext, ToolOutcome } from '../types.js';

/**
 * Tool emulation as observed on 2.1.150. Write, Read, Edit and Bash act for real inside the cwd
 * (cheap, and what a client checks: Bash runs with `bash -c` in the cwd, like the real CLI); the
 * other tools are not executed and return a fixed, successful result.
 */

const DONT_ASK_TAIL =
  " IMPORTANT: You *may* attempt to accomplish this action using other tools that might naturally be used to accomplish this goal, e.g. using head instead of cat. But you *should not* attempt to work around this denial in malicious ways, e.g. do not use your ability to run tests to execute non-test actions. You should only try to work around this restriction in reasonable ways that do not attempt to bypass the intent behind this denial. If you believe this capability is essential to complete the user's request, STOP and explain to the user what you were trying to do and why you need this permission. Let the user decide how to proceed.";

function dontAskText(toolName: string): string {
  return `Permission to use ${toolName} has been denied because Claude Code is running in don't ask mode.${DONT_ASK_TAIL}`;
}

/** Commands whose success prints nothing (2.1.150 marks their result `noOutputExpected`). */
const SILENT_COMMANDS = new Set(['touch', 'mkdir', 'rm', 'rmdir', 'mv', 'cp', 'chmod', 'chown', 'ln', 'cd']);
/** Commands that create or modify the files named in their arguments. */
const FILE_WRITING_COMMANDS = new Set(['touch', 'mkdir', 'rm', 'rmdir', 'mv', 'cp', 'chmod', 'tee', 'ln']);

/** What the ask about a Bash command says (which commands are asked about: `bashGate`). */
interface BashShape {
  /** The command up to its first redirection or operator (the permission rule prefix). */
  prefix: string;
  first: string;
  /** The first file it writes, absolute. */
  writes: string | undefined;
}

function bashShape(command: string, cwd: string): BashShape {
  const head = command.split(/\s*(?:&&|\|\||;|\||>>?|<)\s*/)[0]?.trim() ?? command.trim();
  const words = head.split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  const redirect = /(?:^|[^0-9&])>>?\s*([^\s;&|]+)/.exec(command);
  let writes: string | undefined;
  if (redirect?.[1] && redirect[1] !== '/dev/null') writes = absolutePath(redirect[1], cwd);
  else if (FILE_WRITING_COMMANDS.has(first)) {
    const target = words.slice(1).find((w) => !w.startsWith('-'));
    if (target) writes = absolutePath(target, cwd);
  }
  return { prefix: head, first, writes };
}

function insideCwd(path: string, cwd: string): boolean {
  const rel = relative(cwd, path);
  return !rel.startsWith('..') && !isAbsolute(rel);
}

const FRESH = '(file state is current in your context — no need to Read it back)';
const FILE_TOOLS = new Set(['Write', 'Edit', 'Read', 'NotebookEdit']);
const EDIT_TOOLS = new Set(['Write', 'Edit', 'NotebookEdit', 'MultiEdit']);
/** Tools that never ask in the default mode (read-only or harness-internal). */
const SAFE_TOOLS = new Set([
  'Read',
  'Glob',
  'Grep',
  'TaskCreate',
  'TaskGet',
  'TaskList',
  'TaskOutput',
  'TaskStop',
  'TaskUpdate',
  'CronList',
  'EnterPlanMode',
  'ExitPlanMode',
  'Skill',
  'Task',
  'Agent',
]);

function absolutePath(path: unknown, cwd: string): string {
  const p = typeof path === 'string' ? path : '';
  return isAbsolute(p) ? p : resolve(cwd, p);
}

/** How 2.1.150 names a file in tool results: relative to the cwd when inside it. */
function displayPath(abs: string, cwd: string): string {
  const rel = relative(cwd, abs);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : abs;
}

function toolError(text: string): ToolOutcome {
  return {
    content: `<tool_use_error>${text}</tool_use_error>`,
    isError: true,
    toolUseResult: `Error: ${text}`,
  };
}

export function assistantToolInput(toolName: string, input: Json): Json {
  if (toolName === 'Edit' && !('replace_all' in input)) return { replace_all: false, ...input };
  return input;
}

export function resolveToolInput(toolName: string, input: Json, cwd: string): Json {
  if (FILE_TOOLS.has(toolName) && typeof input.file_path === 'string') {
    const { file_path, ...rest } = input;
    const out: Json = { file_path: absolutePath(file_path, cwd), ...rest };
    if (toolName === 'Edit') {
      const { replace_all, ...others } = out;
      return { ...others, replace_all: replace_all ?? false };
    }
    return out;
  }
  if (toolName === 'AskUserQuestion' && Array.isArray(input.questions)) {
    return {
      ...input,
      questions: input.questions.map((q) =>
        isRecord(q)
          ? {
              question: q.question,
              header: q.header,
              options: Array.isArray(q.options)
                ? q.options.map((o) => (isRecord(o) ? { label: o.label, description: o.description } : o))
                : q.options,
              multiSelect: q.multiSelect,
            }
          : q,
      ),
    };
  }
  return input;
}

export function permissionPolicy(
  toolName: string,
  input: Json,
  mode: string,
  cwd: string,
  version: string,
): PermissionPolicy {
  if (toolName === 'AskUserQuestion') return { kind: 'ask' };
  if (mode === 'bypassPermissions') return { kind: 'allow', reasonType: 'mode' };
  if (SAFE_TOOLS.has(toolName)) return { kind: 'allow' };
  let policy: PermissionPolicy;
  if (toolName.startsWith('mcp__')) {
    policy = {
      kind: 'ask',
      suggestions: [
        { type: 'addRules', rules: [{ toolName }], behavior: 'allow', destination: 'localSettings' },
      ],
    };
  } else if (EDIT_TOOLS.has(toolName)) {
    const abs = absolutePath(input.file_path ?? input.notebook_path, cwd);
    if (mode === 'acceptEdits' && insideCwd(abs, cwd)) return { kind: 'allow', reasonType: 'mode' };
    policy =
      mode === 'plan'
        ? { kind: 'ask', description: displayPath(abs, cwd), reasonType: 'mode' }
        : {
            kind: 'ask',
            description: displayPath(abs, cwd),
            suggestions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
          };
  } else if (toolName === 'Bash') {
    const command = typeof input.command === 'string' ? input.command : '';
    // Whether it runs without asking is the emulated version's: its captured decisions, else a rule
    // that never lets through what it would ask about; then the mode decides, unless the version
    // was seen to ask or deny whatever the mode (a safety check).
    const gate = bashGate(version, mode, command, cwd);
    if (gate.kind === 'run')
      return { kind: 'allow', ...(gate.reasonType ? { reasonType: gate.reasonType } : {}) };
    if (gate.kind === 'deny') {
      return {
        kind: 'deny',
        message: gate.denial.message,
        reasonType: gate.reasonType,
        ...(gate.denial.details ? { details: gate.denial.details as Json } : {}),
      };
    }
    const shape = bashShape(command, cwd);
    const description =
      typeof input.description === 'string' && input.description ? input.description : command;
    const suggestions: Json[] = [
      {
        type: 'addRules',
        rules: [{ toolName: 'Bash', ruleContent: `${shape.prefix} *` }],
        behavior: 'allow',
        destination: 'localSettings',
      },
    ];
    if (shape.writes) {
      suggestions.push({ type: 'addDirectories', directories: [cwd], destination: 'session' });
      if (mode !== 'plan') suggestions.push({ type: 'setMode', mode: 'acceptEdits', destination: 'session' });
    }
    policy = {
      kind: 'ask',
      description,
      suggestions,
      ...(shape.writes ? { blockedPath: shape.writes } : {}),
      ...(gate.kind === 'ask' ? { settled: true } : {}),
    };
  } else {
    policy = {
      kind: 'ask',
      suggestions: [
        { type: 'addRules', rules: [{ toolName }], behavior: 'allow', destination: 'localSettings' },
      ],
    };
  }
  if (mode === 'dontAsk' && !(policy.kind === 'ask' && policy.settled))
    return { kind: 'deny', message: dontAskText(toolName), reasonType: 'mode' };
  return policy;
}

export function autoDenyText(toolName: string, input: Json, cwd: string): string {
  if (toolName === 'AskUserQuestion') return 'Answer questions?';
  if (toolName === 'Bash' && typeof input.command === 'string') {
    const shape = bashShape(input.command, cwd);
    if (shape.writes) {
      return `${shape.first} in '${shape.writes}' was blocked. For security, Claude Code may only create or modify files in the allowed working directories for this session: '${cwd}'.`;
    }
  }
  if (EDIT_TOOLS.has(toolName)) {
    return `Claude requested permissions to write to ${String(input.file_path ?? input.notebook_path)}, but you haven't granted it yet.`;
  }
  return `Claude requested permissions to use ${toolName}, but you haven't granted it yet.`;
}

export function validateTool(toolName: string, input: Json, ctx: ToolContext): ToolOutcome | undefined {
  if (toolName === 'Write') {
    const abs = String(input.file_path);
    if (existsSync(abs) && !ctx.readFiles.has(abs)) {
      return toolError('File has not been read yet. Read it first before writing to it.');
    }
  }
  if (toolName === 'Edit' || toolName === 'Read') {
    const abs = String(input.file_path);
    if (!existsSync(abs)) {
      return toolError(`File does not exist. Note: your current working directory is ${ctx.cwd}.`);
    }
    if (toolName === 'Edit' && !ctx.readFiles.has(abs)) {
      return toolError('File has not been read yet. Read it first before writing to it.');
    }
  }
  return undefined;
}

async function structuredPatch(name: string, before: string, after: string): Promise<Json[]> {
  const { structuredPatch: patch } = await import('diff');
  const result = patch(name, name, before, after, '', '', { context: 3 });
  return (result?.hunks ?? []).map((h) => ({
    oldStart: h.oldStart,
    oldLines: h.oldLines,
    newStart: h.newStart,
    newLines: h.newLines,
    lines: h.lines,
  }));
}

export async function runTool(toolName: string, input: Json, ctx: ToolContext): Promise<ToolOutcome> {
  switch (toolName) {
    case 'Write': {
      const abs = String(input.file_path);
      const content = typeof input.content === 'string' ? input.content : '';
      const shown = displayPath(abs, ctx.cwd);
      const existed = existsSync(abs);
      const original = existed ? readFileSync(abs, 'utf8') : null;
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, content);
      ctx.readFiles.add(abs);
      ctx.seededFiles?.delete(abs);
      if (original === null) {
        return {
          content: `File created successfully at: ${shown} ${FRESH}`,
          isError: false,
          toolUseResult: {
            type: 'create',
            filePath: shown,
            content,
            structuredPatch: [],
            originalFile: null,
            userModified: false,
          },
        };
      }
      return {
        content: `The file ${shown} has been updated successfully. ${FRESH}`,
        isError: false,
        toolUseResult: {
          type: 'update',
          filePath: shown,
          content,
          structuredPatch: await structuredPatch(shown, original, content),
          originalFile: original,
          userModified: false,
        },
      };
    }
    case 'Read': {
      const abs = String(input.file_path);
      const shown = displayPath(abs, ctx.cwd);
      const content = readFileSync(abs, 'utf8');
      const lines = content.split('\n');
      const offset = typeof input.offset === 'number' && input.offset > 0 ? input.offset : 1;
      const limit = typeof input.limit === 'number' && input.limit > 0 ? input.limit : lines.length;
      const slice = lines.slice(offset - 1, offset - 1 + limit);
      ctx.readFiles.add(abs);
      ctx.seededFiles?.delete(abs);
      return {
        content: slice.map((line, i) => `${offset + i}\t${line}`).join('\n'),
        isError: false,
        toolUseResult: {
          type: 'text',
          file: {
            filePath: shown,
            content: slice.join('\n'),
            numLines: slice.length,
            startLine: offset,
            totalLines: lines.length,
          },
        },
      };
    }
    case 'Edit': {
      const abs = String(input.file_path);
      const shown = displayPath(abs, ctx.cwd);
      const oldString = String(input.old_string ?? '');
      const newString = String(input.new_string ?? '');
      const replaceAll = input.replace_all === true;
      const original = readFileSync(abs, 'utf8');
      if (!original.includes(oldString)) {
        return toolError(`String to replace not found in file.\nString: ${oldString}`);
      }
      const updated = replaceAll
        ? original.split(oldString).join(newString)
        : original.replace(oldString, () => newString);
      writeFileSync(abs, updated);
      // A file only seeded as read (seed_read_state) was not in the context: nothing says it is now.
      const seeded = ctx.seededFiles?.delete(abs) ?? false;
      return {
        content: `The file ${shown} has been updated successfully.${seeded ? '' : ` ${FRESH}`}`,
        isError: false,
        toolUseResult: {
          filePath: shown,
          oldString,
          newString,
          originalFile: original,
          structuredPatch: await structuredPatch(shown, original, updated),
          userModified: false,
          replaceAll,
        },
      };
    }
    case 'Bash':
      return runBash(String(input.command ?? ''), ctx.cwd, ctx.env);
    default:
      return {
        content: `fake-claude: the ${toolName} tool is not emulated; it did nothing.`,
        isError: false,
        toolUseResult: `fake-claude: the ${toolName} tool is not emulated; it did nothing.`,
      };
  }
}

/** The tool_result of an in-process MCP tool call: the server's `content`, verbatim. */
export function mcpToolOutcome(result: Json): ToolOutcome {
  const content = Array.isArray(result.content) ? (result.content as Json[]) : [];
  return { content, isError: result.isError === true, toolUseResult: content };
}

/** Runs a command with `bash -c` in the cwd and reports it the way 2.1.150 does. */
function runBash(
  command: string,
  cwd: string,
  env: Record<string, string | undefined> | undefined,
): Promise<ToolOutcome> {
  const shape = bashShape(command, cwd);
  return new Promise((resolvePromise) => {
    // Loaded on first use: node:child_process is a start-up cost no session without a Bash call pays.
    const { spawn } = process.getBuiltinModule('node:child_process');
    const child = spawn('bash', ['-c', command], {
      cwd,
      ...(env ? { env: env as NodeJS.ProcessEnv } : {}),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolvePromise({ content: error.message, isError: true, toolUseResult: `Error: ${error.message}` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const out = stdout.replace(/\n+$/, '');
      const err = stderr.replace(/\n+$/, '');
      const text = [out, err].filter(Boolean).join('\n');
      if (code !== 0) {
        const failure = `Exit code ${code ?? 'null'}${text ? `\n${text}` : ''}`;
        resolvePromise({ content: failure, isError: true, toolUseResult: `Error: ${failure}` });
        return;
      }
      resolvePromise({
        content: text || '(Bash completed with no output)',
        isError: false,
        explicitNotError: true,
        toolUseResult: {
          stdout: out,
          stderr: err,
          interrupted: false,
          isImage: false,
          noOutputExpected: SILENT_COMMANDS.has(shape.first),
        },
      });
    });
  });
}
