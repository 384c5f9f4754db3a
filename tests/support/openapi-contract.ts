// Responses checked against the gateway's own OpenAPI document (/api/openapi.json), as a client
// reading the contract would: the operation found by method and path template, the status must be
// documented, and a JSON body must match the documented schema (ajv, JSON Schema 2020-12 as
// OpenAPI 3.1 has it).
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { gatewayUrl } from './stack';

type Operation = { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
type Document = { paths: Record<string, Record<string, Operation>> };

export interface CheckedResponse {
  status: number;
  body: any;
  contentType: string;
  headers: Headers;
}

/** JSON Pointer escaping of one reference token (RFC 6901). */
const token = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1');

export class OpenApiContract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  /** Every (method, template, status) a response was checked against. */
  readonly seen = new Set<string>();

  private constructor(readonly document: Document) {
    addFormats(this.ajv);
    this.ajv.addSchema(document as object, 'openapi.json');
  }

  static async load(): Promise<OpenApiContract> {
    const response = await fetch(`${gatewayUrl}/api/openapi.json`);
    if (response.status !== 200) throw new Error(`/api/openapi.json: ${response.status}`);
    return new OpenApiContract((await response.json()) as Document);
  }

  /** The documented path template a concrete path belongs to (`/api/tests/7` → `/api/tests/{id}`). */
  templateOf(method: string, path: string): string | undefined {
    const bare = path.split('?')[0]!;
    const candidates = Object.keys(this.document.paths).filter((template) => this.document.paths[template]![method]);
    const exact = candidates.find((template) => template === bare);
    if (exact) return exact;
    return candidates.find((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(bare));
  }

  /** Problems of one response against the document; empty when it matches. */
  problems(method: string, path: string, response: { status: number; body: unknown; contentType: string }): string[] {
    const template = this.templateOf(method, path);
    if (!template) return [`${method.toUpperCase()} ${path}: no such operation in the document`];
    const operation = this.document.paths[template]![method]!;
    const documented = operation.responses[String(response.status)];
    if (!documented) return [`${method.toUpperCase()} ${template}: status ${response.status} is not documented (${Object.keys(operation.responses).join(', ')})`];
    this.seen.add(`${method} ${template} ${response.status}`);
    const mediaType = response.contentType.split(';')[0]!.trim();
    if (!documented.content) return response.body === '' ? [] : [`${method.toUpperCase()} ${template} ${response.status}: documented without a body, got ${mediaType}`];
    if (!documented.content[mediaType]) return [`${method.toUpperCase()} ${template} ${response.status}: ${mediaType} is not documented (${Object.keys(documented.content).join(', ')})`];
    if (mediaType !== 'application/json') return typeof response.body === 'string' ? [] : [`${method.toUpperCase()} ${template} ${response.status}: expected text`];
    const pointer = ['paths', template, method, 'responses', String(response.status), 'content', mediaType, 'schema'].map(token).join('/');
    const validate = this.ajv.getSchema(`openapi.json#/${pointer}`);
    if (!validate) return [`${pointer}: schema not found`];
    if (validate(response.body)) return [];
    return (validate.errors ?? []).map((e) => `${method.toUpperCase()} ${template} ${response.status}: ${e.instancePath || '(body)'} ${e.message} ${JSON.stringify(e.params)}`);
  }

  /** Calls the gateway and throws when the answer breaks the document. */
  async call(path: string, init: RequestInit & { json?: unknown } = {}): Promise<CheckedResponse> {
    const method = (init.method ?? 'GET').toLowerCase();
    const { json, ...rest } = init;
    const headers: Record<string, string> = { ...((init.headers as Record<string, string>) ?? {}) };
    if (json !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${gatewayUrl}${path}`, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : init.body, redirect: 'manual' });
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    let body: unknown = text;
    if (contentType.startsWith('application/json')) body = JSON.parse(text);
    const problems = this.problems(method, path, { status: response.status, body, contentType });
    if (problems.length > 0) throw new Error(`the answer breaks /api/openapi.json:\n${problems.join('\n')}\nbody: ${text.slice(0, 500)}`);
    return { status: response.status, body, contentType, headers: response.headers };
  }
}
