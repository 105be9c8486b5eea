import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageInfo } from '../config/package-info.js';
import { parseFixture } from '../fixture/index.js';
import { classify } from '../protocol/index.js';

/**
 * The `initialize` handshake is optional in the protocol, and the official SDK always opens with it
 * while other clients (this kit's driver, many hand-written ones) never send it. So that a fixture
 * recorded without one can still be replayed to the SDK, a NEUTRAL `initialize` (no hook callbacks,
 * no in-process MCP servers: nothing that changes what the CLI does next) that the fixture does not
 * hold is answered with the response the real CLI of the same version gave to one, recorded in the
 * kit's corpus (`fixtures/<version>/control__initialize.jsonl`). Anything else stays a mismatch.
 */

const cache = new Map<string, unknown>();

/** The recorded `initialize` response payload of `cliVersion`, from the kit's corpus. */
export function recordedInitializeResponse(cliVersion: string): unknown {
  if (cache.has(cliVersion)) return cache.get(cliVersion);
  let payload: unknown;
  const file = join(packageInfo().root, 'fixtures', cliVersion, 'control__initialize.jsonl');
  if (existsSync(file)) {
    const fixture = parseFixture(readFileSync(file, 'utf8'), { file });
    const request = fixture.frames.find(
      (f) => f.dir === 'to-cli' && classify(f.msg).controlSubtype === 'initialize',
    );
    const id = request ? classify(request.msg).requestId : undefined;
    const response = fixture.frames.find((f) => {
      const c = classify(f.msg);
      return (
        f.dir === 'from-cli' &&
        c.kind === 'control_response' &&
        c.requestId === id &&
        c.controlSubtype === 'success'
      );
    });
    payload = (response?.msg as { response?: { response?: unknown } } | undefined)?.response?.response;
  }
  cache.set(cliVersion, payload);
  return payload;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

/** An `initialize` request that registers no hook callbacks and no SDK MCP servers. */
export function isNeutralInitialize(message: unknown): boolean {
  const c = classify(message);
  if (c.kind !== 'control_request' || c.controlSubtype !== 'initialize') return false;
  const request = (message as { request: Record<string, unknown> }).request;
  return isEmpty(request.hooks) && isEmpty(request.sdkMcpServers);
}
