import type { JsonPath } from '../../findings/index.js';
import { getPath, isRecord } from '../../util/json.js';
import { excerpt, normalizeText } from '../../util/normalize-text.js';
import type { KindedMessage } from '../message-kinds.js';
import { renderPath } from '../render-path.js';
import type { CompareContext } from './context.js';

const ZOD_ERROR = /ZodError/;
const AUTO_DENY = /haven't granted it yet/;

/**
 * Texts that carry the protocol's verdicts and the model's words: tool results, error replies,
 * result texts and errors, assistant text blocks.
 */
export function textsOf(msg: unknown): Array<{ path: JsonPath; text: string }> {
  const out: Array<{ path: JsonPath; text: string }> = [];
  if (!isRecord(msg)) return out;
  if (msg.type === 'user') {
    const content = getPath(msg, 'message', 'content');
    if (Array.isArray(content)) {
      content.forEach((block, i) => {
        if (isRecord(block) && block.type === 'tool_result') {
          out.push({ path: ['message', 'content', i, 'content'], text: blockText(block.content) });
        }
      });
    }
    if (typeof msg.tool_use_result === 'string')
      out.push({ path: ['tool_use_result'], text: msg.tool_use_result });
  }
  if (msg.type === 'assistant') {
    const content = getPath(msg, 'message', 'content');
    if (Array.isArray(content)) {
      content.forEach((block, i) => {
        if (isRecord(block) && block.type === 'text' && typeof block.text === 'string') {
          out.push({ path: ['message', 'content', i, 'text'], text: block.text });
        }
      });
    }
  }
  if (msg.type === 'control_response') {
    const error = getPath(msg, 'response', 'error');
    if (typeof error === 'string') out.push({ path: ['response', 'error'], text: error });
  }
  if (msg.type === 'result') {
    if (typeof msg.result === 'string') out.push({ path: ['result'], text: msg.result });
    if (Array.isArray(msg.errors)) {
      msg.errors.forEach((e, i) => {
        if (typeof e === 'string') out.push({ path: ['errors', i], text: e });
      });
    }
  }
  return out;
}

function blockText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content.map((c) => (isRecord(c) && typeof c.text === 'string' ? c.text : '')).join('');
  return content === undefined ? '' : JSON.stringify(content);
}

interface TextItem {
  path: JsonPath;
  text: string;
  frame: number;
}

function textsByPath(list: KindedMessage[]): Map<string, TextItem[]> {
  const out = new Map<string, TextItem[]>();
  for (const m of list) {
    for (const t of textsOf(m.msg)) {
      const key = renderPath(t.path);
      const items = out.get(key);
      const item = { ...t, frame: m.frame };
      if (items) items.push(item);
      else out.set(key, [item]);
    }
  }
  return out;
}

/**
 * Texts, message by message within a kind, after normalising ids, paths and times: a ZodError
 * where the baseline had none is breaking, the reverse changed, an auto-denial text breaking, any
 * other difference cosmetic. Nothing after a hang.
 */
export function textsRule(ctx: CompareContext): void {
  if (ctx.hang) return;
  for (const [kind, baseList] of ctx.baseGroups) {
    const curList = ctx.curGroups.get(kind);
    if (!curList) continue;
    const curTexts = textsByPath(curList);
    for (const [path, bItems] of textsByPath(baseList)) {
      const cItems = curTexts.get(path) ?? [];
      bItems.forEach((bItem, i) => {
        const cItem = cItems[i];
        if (!cItem) return;
        const bText = normalizeText(bItem.text);
        const cText = normalizeText(cItem.text);
        if (bText === cText) return;
        const where = `${kind} ${renderPath(cItem.path)}`;
        const details = {
          kind,
          path: cItem.path,
          expected: excerpt(bText, 400),
          actual: excerpt(cText, 400),
          frame: cItem.frame,
        };
        if (ZOD_ERROR.test(cText) && !ZOD_ERROR.test(bText)) {
          ctx.emit('drift/zod-error', `${where}: the reply is now rejected with a ZodError`, details);
        } else if (ZOD_ERROR.test(bText) && !ZOD_ERROR.test(cText)) {
          ctx.emit(
            'drift/reply-now-accepted',
            `${where}: the reply the baseline rejected is now accepted`,
            details,
          );
        } else if (AUTO_DENY.test(cText) && !AUTO_DENY.test(bText)) {
          ctx.emit('drift/auto-denial', `${where}: the tool was denied without a prompt`, details);
        } else {
          ctx.emit('drift/text-changed', `${where} reads differently`, details);
        }
      });
    }
  }
}
