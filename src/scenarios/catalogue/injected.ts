import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { get, toolResults, toolResultText, turn } from '../expect.js';
import { script, text, toolUse } from '../model.js';
import { REPLAY_GAP, type Scenario } from '../scenario.js';

export const injectedScenarios: Scenario[] = [
  {
    id: 'injected/skill',
    requirement:
      'a model call of the Skill tool runs unprompted and injects a user message with isSynthetic: true whose text begins "Base directory for this skill:"',
    spec: '§1 user (b) harness-injected messages',
    tier: 'model',
    model: script([toolUse('toolu_01Skill', 'Skill', { skill: 'greet' })], [text('Greeted.')]),
    handlers: { can_use_tool: () => ({ behavior: 'deny', message: 'the Skill tool should not ask' }) },
    async prepare(ctx) {
      const dir = join(ctx.cwd, '.claude', 'skills', 'greet');
      await mkdir(dir, { recursive: true });
      await writeFile(
        join(dir, 'SKILL.md'),
        '---\nname: greet\ndescription: Greets the user\n---\nSay hello warmly.\n',
      );
    },
    async drive(ctx) {
      await turn(ctx, 'Use the greet skill.');
      const msgs = ctx.session.messages();
      const init = msgs.find((m) => m.type === 'system' && m.subtype === 'init');
      ctx.check(
        ((init?.skills as string[] | undefined) ?? []).includes('greet'),
        'init/skills',
        'system/init lists the project skill',
      );
      const injected = msgs.find((m) => m.type === 'user' && m.isSynthetic === true);
      ctx.check(injected !== undefined, 'injected/missing', 'an isSynthetic user message is emitted');
      const body = String(get(injected, 'message', 'content', 0, 'text') ?? '');
      ctx.check(
        body.startsWith('Base directory for this skill:'),
        'injected/text',
        'the injected text starts with the skill base directory',
        {
          actual: body.slice(0, 80),
        },
      );
      ctx.check(
        body.includes('Say hello warmly.'),
        'injected/body',
        'the injected text carries the skill body',
      );
      ctx.checkEqual(
        toolResultText(toolResults(msgs)[0]),
        'Launching skill: greet',
        'tool-result/text',
        'the Skill tool_result announces the launch',
      );
      ctx.check(
        !msgs.some((m) => get(m, 'request', 'subtype') === 'can_use_tool'),
        'permission/unexpected-prompt',
        'the Skill tool is auto-allowed',
      );
    },
  },
  {
    id: 'injected/slash-command',
    requirement:
      'a user message "/hello world" expands the project command: the model receives <command-name>/hello</command-name> and the expanded body',
    spec: '§1 user (b) slash-command expansion',
    tier: 'model',
    replayGaps: { 'slash/expansion': REPLAY_GAP.modelRequest, 'slash/arguments': REPLAY_GAP.modelRequest },
    model: script([text('Hello, world!')]),
    async prepare(ctx) {
      const dir = join(ctx.cwd, '.claude', 'commands');
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, 'hello.md'), '---\ndescription: Say hello\n---\nSay hello to $ARGUMENTS.\n');
    },
    async drive(ctx) {
      await turn(ctx, '/hello world');
      const init = ctx.session.messages().find((m) => m.type === 'system' && m.subtype === 'init');
      ctx.check(
        ((init?.slash_commands as string[] | undefined) ?? []).includes('hello'),
        'init/slash-commands',
        'system/init lists the project command',
      );
      const sent = JSON.stringify(get(ctx.modelRequests().at(-1), 'body', 'messages') ?? []);
      ctx.check(
        sent.includes('<command-name>/hello</command-name>'),
        'slash/expansion',
        'the model is told which command ran',
      );
      ctx.check(
        sent.includes('Say hello to world.'),
        'slash/arguments',
        'the command body is expanded with its arguments',
      );
    },
  },
];
