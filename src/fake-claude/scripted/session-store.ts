import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { stringifyJson } from '../../util/deep-json.js';
import type { Json } from '../behaviour/index.js';

/**
 * A small session store so `--resume <id>` / `--continue` send the earlier turns to the model. It
 * lives where the real CLI keeps its transcripts (`<config dir>/projects/<cwd slug>/<id>.jsonl`,
 * the `transcript_path` hooks see), one line per conversation message. The format is the fake's
 * own (`{"type":"fake-claude/message", …}`): it is not meant to be read by the real CLI.
 */

export interface StoredMessage {
  role: 'user' | 'assistant' | 'system';
  content: unknown;
  /** The model that produced an assistant message (a resumed session continues with it). */
  model?: string;
}

export function projectDir(configDir: string, cwd: string): string {
  return join(configDir, 'projects', cwd.replace(/[^a-zA-Z0-9]/g, '-'));
}

export function transcriptPath(configDir: string, cwd: string, sessionId: string): string {
  return join(projectDir(configDir, cwd), `${sessionId}.jsonl`);
}

export class SessionStore {
  constructor(
    private readonly configDir: string,
    private readonly cwd: string,
    private readonly persist: boolean,
  ) {}

  append(sessionId: string, message: StoredMessage): void {
    if (!this.persist) return;
    const dir = projectDir(this.configDir, this.cwd);
    mkdirSync(dir, { recursive: true });
    appendFileSync(
      transcriptPath(this.configDir, this.cwd, sessionId),
      `${stringifyJson({ type: 'fake-claude/message', sessionId, ...message })}\n`,
    );
  }

  /** Saves where a model script stands (see `ModelSource.position`). */
  saveCursor(sessionId: string, position: Json): void {
    if (!this.persist) return;
    mkdirSync(projectDir(this.configDir, this.cwd), { recursive: true });
    appendFileSync(
      transcriptPath(this.configDir, this.cwd, sessionId),
      `${stringifyJson({ type: 'fake-claude/script-position', sessionId, position })}\n`,
    );
  }

  /** The last saved script position of a session. */
  loadCursor(sessionId: string): Json | undefined {
    const path = transcriptPath(this.configDir, this.cwd, sessionId);
    if (!existsSync(path)) return undefined;
    let found: Json | undefined;
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (!line.includes('fake-claude/script-position')) continue;
      try {
        const value = JSON.parse(line) as Json;
        if (value.type === 'fake-claude/script-position' && typeof value.position === 'object') {
          found = value.position as Json;
        }
      } catch {
        // ignore a torn line
      }
    }
    return found;
  }

  /** Records the session's model usage so far (what a resume of some versions starts from). */
  saveUsage(sessionId: string, usage: Json): void {
    if (!this.persist) return;
    mkdirSync(projectDir(this.configDir, this.cwd), { recursive: true });
    appendFileSync(
      transcriptPath(this.configDir, this.cwd, sessionId),
      `${stringifyJson({ type: 'fake-claude/model-usage', sessionId, usage })}\n`,
    );
  }

  /** The last recorded model usage of a session. */
  loadUsage(sessionId: string): Json | undefined {
    const path = transcriptPath(this.configDir, this.cwd, sessionId);
    if (!existsSync(path)) return undefined;
    let found: Json | undefined;
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (!line.includes('fake-claude/model-usage')) continue;
      try {
        const value = JSON.parse(line) as Json;
        if (value.type === 'fake-claude/model-usage' && typeof value.usage === 'object')
          found = value.usage as Json;
      } catch {
        // ignore a torn line
      }
    }
    return found;
  }

  /** The messages of a stored session, or `undefined` when there is none. */
  load(sessionId: string): StoredMessage[] | undefined {
    const path = transcriptPath(this.configDir, this.cwd, sessionId);
    if (!existsSync(path)) return undefined;
    const out: StoredMessage[] = [];
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        const value = JSON.parse(line) as Json;
        if (value.type === 'fake-claude/message' && (value.role === 'user' || value.role === 'assistant')) {
          out.push({
            role: value.role,
            content: value.content,
            ...(typeof value.model === 'string' ? { model: value.model } : {}),
          });
        }
      } catch {
        // a torn last line: ignore it
      }
    }
    return out;
  }

  /** The most recently written session of this cwd (for `--continue`). */
  latest(): string | undefined {
    const dir = projectDir(this.configDir, this.cwd);
    if (!existsSync(dir)) return undefined;
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => ({ id: f.slice(0, -'.jsonl'.length), mtime: statSync(join(dir, f)).mtimeMs }))
      .sort((a, b) => b.mtime - a.mtime);
    return files[0]?.id;
  }
}
