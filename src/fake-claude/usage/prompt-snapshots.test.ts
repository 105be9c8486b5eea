import { describe, expect, it } from 'vitest';
import { usageData } from './index.js';
import { PromptSnapshots, recordedTools, snapshotTemplates } from './prompt-snapshots.js';

type Json = Record<string, unknown>;

const captured = usageData('2.1.332')?.context?.attachments ?? [];
const templates = snapshotTemplates(captured);
const own = (templates?.before.systemPrompt as string[] | undefined) ?? [];
/** The captured plain session's first request's tools, as the snapshot recorded them, and a deferred tool's placeholder. */
const sentTools = [
  ...((templates?.recorded.tools as Json[] | undefined) ?? []).map((t) => t.schema as Json),
  {
    name: 'DeferredToolPlaceholder',
    description: 'd',
    input_schema: { type: 'object' },
    defer_loading: true,
  },
];
const parsed = (s: PromptSnapshots) => s.attachments().map((a) => JSON.parse(a.json) as Json);

describe('prompt snapshots (2.1.332)', () => {
  it('are captured: one before the first request, one recording the tools', () => {
    expect(templates?.before).not.toHaveProperty('tools');
    expect(templates?.recorded).toHaveProperty('tools');
    expect(own.length).toBeGreaterThan(1);
  });

  it("record a request's tools as sent, but a deferred tool's placeholder", () => {
    const tools = recordedTools(sentTools);
    expect(tools.map((t) => t.name)).not.toContain('DeferredToolPlaceholder');
    expect(tools).toEqual(templates?.recorded.tools);
  });

  it("reproduce the captured plain session's: the CLI's own prompt, a model with the wire shape", () => {
    const snapshots = new PromptSnapshots(templates!, own);
    expect(snapshots.attachments()).toEqual([]);
    snapshots.onRequest({ tools: sentTools }, undefined);
    expect(parsed(snapshots)).toEqual([templates?.before]);
    snapshots.onResponse(true);
    snapshots.onRequest({ tools: [] }, undefined);
    snapshots.onResponse(true);
    expect(parsed(snapshots)).toEqual([templates?.before, templates?.recorded]);
  });

  it("keep a client's prompt, the first request's tools, and a new snapshot when the wire shape changes", () => {
    const snapshots = new PromptSnapshots(templates!, own);
    snapshots.onRequest({ tools: sentTools.slice(0, 2) }, '');
    snapshots.onResponse(false);
    // A later request's tools are not recorded; the same wire shape adds nothing.
    snapshots.onRequest({ tools: sentTools }, '');
    snapshots.onResponse(false);
    snapshots.onResponse(true);
    const [before, recorded, reshaped] = parsed(snapshots);
    expect(parsed(snapshots)).toHaveLength(3);
    expect(before).toEqual({ ...templates?.before, systemPrompt: [''] });
    expect(recorded?.tools).toEqual(recordedTools(sentTools.slice(0, 2)));
    expect(recorded?.systemPrompt).toEqual(['']);
    // Without the wire shape: the keys the captured recording has that the first snapshot lacks.
    expect(Object.keys(recorded ?? {})).toEqual(
      Object.keys(templates?.recorded ?? {}).filter(
        (k) => k in (templates?.before ?? {}) || k === 'tools' || k === 'cliPrefix',
      ),
    );
    expect(reshaped).toEqual({ ...templates?.recorded, systemPrompt: [''], tools: recorded?.tools });
  });
});
