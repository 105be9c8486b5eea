import { describe, expect, it } from 'vitest';
import { ModelSideSession } from '../model-side/session.js';
import { usageData } from './index.js';
import { KeptAttachments, modelNotice } from './kept-attachments.js';

type Json = Record<string, unknown>;

const captured = usageData('2.1.332')?.context?.attachments ?? [];
const changes = (kept: KeptAttachments) =>
  kept
    .attachments()
    .filter((a) => a.type === 'remote_session_change')
    .map((a) => JSON.parse(a.json) as Json);
const attributed = JSON.parse(captured.find((a) => a.type === 'remote_session_change')?.json ?? '{}') as Json;

describe('the attachments 2.1.332 keeps', () => {
  it('keep the attribution as captured when the co-author line stays on', () => {
    const kept = new KeptAttachments(captured);
    kept.onPrompt({ coAuthored: true });
    kept.onPrompt({ coAuthored: true });
    expect(changes(kept)).toEqual([attributed]);
    // The rest as captured but the prompt snapshots, kept as the session's requests make them.
    expect(kept.attachments().map((a) => a.type)).toEqual(
      captured.filter((a) => a.type !== 'prompt_snapshot').map((a) => a.type),
    );
  });

  it('keep no attribution when the co-author line is off from the first prompt', () => {
    const kept = new KeptAttachments(captured);
    kept.onPrompt({ coAuthored: false });
    kept.onPrompt({ coAuthored: false });
    expect(changes(kept)).toEqual([]);
  });

  it('keep a second attribution, its commit and PR texts empty, when the line goes off later', () => {
    const kept = new KeptAttachments(captured);
    kept.onPrompt({ coAuthored: true });
    kept.onPrompt({ coAuthored: false });
    expect(changes(kept)).toEqual([attributed, { ...attributed, commit: '', pr: '' }]);
  });

  const side = new ModelSideSession('2.1.332', {}, '/tmp', 'api-key');
  const notice = captured.find((a) => a.type === 'model')?.json ?? '{}';
  const capturedId = String((JSON.parse(notice) as { identity: Json }).identity.modelId);

  it("make a model's notice from the captured one and the cutoff its context states", () => {
    expect(modelNotice(notice, capturedId, side.contextTexts(capturedId))).toBe(notice);
    // Seen in 2.1.332's transcript after set_model('claude-haiku-4-5') and a prompt.
    expect(
      JSON.parse(modelNotice(notice, 'claude-haiku-4-5', side.contextTexts('claude-haiku-4-5')) ?? '{}'),
    ).toEqual({
      type: 'model',
      identity: { modelId: 'claude-haiku-4-5', marketingName: 'Haiku 4.5', knowledgeCutoff: 'February 2025' },
      text: 'You are powered by the model named Haiku 4.5. The exact model ID is claude-haiku-4-5. Assistant knowledge cutoff is February 2025.',
    });
    expect(modelNotice(notice, 'claude-x-1', ['no notice here'])).toBeUndefined();
  });

  it('keep a model notice at a prompt on another model, and a deferred tools delta when they change', () => {
    const kept = new KeptAttachments(captured);
    const on = (id: string, deferred: string[]) =>
      kept.onPrompt({ coAuthored: true, model: { id, contextTexts: side.contextTexts(id) }, deferred });
    on(capturedId, ['A', 'B']);
    on(capturedId, ['A', 'B']);
    on('claude-haiku-4-5', ['A']);
    on('claude-haiku-4-5', ['A']);
    on(capturedId, ['A']);
    const of = (type: string) =>
      kept
        .attachments()
        .filter((a) => a.type === type)
        .map((a) => JSON.parse(a.json) as Json);
    expect(of('model').map((m) => (m.identity as Json).modelId)).toEqual([
      capturedId,
      'claude-haiku-4-5',
      capturedId,
    ]);
    expect(of('deferred_tools_delta').map((d) => [d.addedNames, d.addedLines, d.removedNames])).toEqual([
      [['A', 'B'], ['A', 'B'], []],
      [[], [], ['B']],
    ]);
  });

  const style = usageData('2.1.332')?.context?.outputStyle;

  it("keep the captured output style's instructions once and its reminder at each prompt and tool result", () => {
    const kept = new KeptAttachments(captured, style);
    const styled = (s?: string) => ({ coAuthored: true, ...(s === undefined ? {} : { outputStyle: s }) });
    kept.onPrompt(styled(style?.name));
    kept.onToolResults(style?.name);
    kept.onPrompt(styled(style?.name));
    // Another style (not captured) or none: nothing of it.
    kept.onPrompt(styled('Learning'));
    kept.onToolResults(undefined);
    const types = kept.attachments().map((a) => a.type);
    expect(types.filter((t) => t.startsWith('output_style'))).toEqual([
      'output_style_instructions',
      'output_style',
      'output_style',
      'output_style',
    ]);
    // In the first prompt's opening after the kinds the style session kept them after.
    for (const a of style?.attachments ?? []) expect(types[types.indexOf(a.type) - 1]).toBe(a.after);
  });

  const models = usageData('2.1.332')?.context?.modelAttachments ?? {};

  it("keep a model's own agent listing at its first prompt, and its reminders at each prompt and tool result", () => {
    const haiku = models['claude-haiku-4-5'] ?? [];
    const own = (type: string) => haiku.find((a) => a.type === type)?.json;
    const kept = new KeptAttachments(captured, undefined, models);
    const on = (id: string) => ({ coAuthored: true, model: { id, contextTexts: side.contextTexts(id) } });
    kept.onPrompt(on('claude-haiku-4-5'));
    kept.onToolResults(undefined, 'claude-haiku-4-5');
    // On a model without reminders of its own: none.
    kept.onPrompt(on(capturedId));
    kept.onToolResults(undefined, capturedId);
    const all = kept.attachments();
    expect(all.filter((a) => a.type === 'agent_listing_delta').map((a) => a.json)).toEqual([
      own('agent_listing_delta'),
    ]);
    expect(all.filter((a) => a.type === 'total_tokens_reminder').map((a) => a.json)).toEqual([
      own('total_tokens_reminder'),
      own('total_tokens_reminder'),
    ]);
    const types = all.map((a) => a.type);
    expect(types[types.indexOf('total_tokens_reminder') - 1]).toBe(
      haiku.find((a) => a.type === 'total_tokens_reminder')?.after,
    );
    // Its own model notice and deferred tools are made as on any model, not taken from its capture.
    expect(all.filter((a) => a.type === 'model')).toHaveLength(2);
  });

  it('keep another attribution at a prompt on another model: its co-author line names the model', () => {
    const kept = new KeptAttachments(captured);
    const on = (id: string) => ({ coAuthored: true, model: { id, contextTexts: side.contextTexts(id) } });
    kept.onPrompt(on(capturedId));
    kept.onPrompt(on(capturedId));
    kept.onPrompt(on('claude-haiku-4-5'));
    const commits = changes(kept).map((c) => c.commit);
    expect(commits).toHaveLength(2);
    expect(commits[0]).toBe(attributed.commit);
    // As 2.1.332's session started on claude-haiku-4-5 kept it (captured).
    const haiku = usageData('2.1.332')?.context?.modelAttachments?.['claude-haiku-4-5'];
    const own = JSON.parse(haiku?.find((a) => a.type === 'remote_session_change')?.json ?? '{}') as Json;
    expect(commits[1]).toBe(own.commit);
  });
});
