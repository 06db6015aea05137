import { quotasOf, type EFacturaLimiter } from './anaf-limits.js';
import { ANAF_EFACTURA_REST, type FetchLike } from './anaf-oauth.js';
import { fromBucharestWallClock } from '../../lib/dates.js';
import { readXmlTree, XmlTreeError, type XmlElement } from '../../lib/xml-tree.js';
import { readZip, ZipReadError } from '../../lib/zip.js';

/*
 * e-Factura's REST calls (issue 25), as the platform makes them: the paginated message list, the
 * download of a message's ZIP, upload and stareMesaj. The tax authority answers most errors with
 * HTTP 200 (`eroare` in JSON, `Errors` in XML, JSON instead of a ZIP), so every answer is sniffed:
 * only what was asked for is returned; anything else throws EFacturaError and is never stored.
 * Facts: ../shared/docs/integrations.md, "Tax authority e-invoicing".
 */

/**
 * Why a call gave nothing usable: refused (the answer says why), a quota of that call used up
 * ('limit': a message's downloads, ours or ANAF's), every call throttled ('throttled': HTTP 429,
 * stop calling for now), a refused token, or an answer that is not what was asked.
 */
export type EFacturaErrorKind = 'refused' | 'limit' | 'throttled' | 'unauthorised' | 'unexpected' | 'network';
export class EFacturaError extends Error {
  constructor(
    readonly kind: EFacturaErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export type EFacturaMessage = { id: string; uploadIndex: string; cif: string; type: string; details: string; createdAt: Date };
export type EFacturaPage = { messages: EFacturaMessage[]; pages: number; total: number };
/** A downloaded message: the ZIP as received (the legal original) and the XML it holds, told apart by root. */
export type EFacturaDownload = { zip: Buffer; xml: string; root: XmlElement; signature: string | null };
export type EFacturaUploadState = { state: 'ok' | 'nok' | 'in prelucrare' | 'XML cu erori nepreluat de sistem'; downloadId: string | null };

/** 'yyyyMMddHHmm' in Bucharest time to an instant. */
export function parseAnafStamp(stamp: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(stamp);
  if (!m) throw new EFacturaError('unexpected', `data_creare '${stamp}' is not yyyyMMddHHmm`);
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  return new Date(fromBucharestWallClock(Date.UTC(y, mo - 1, d, h, mi)));
}

/** A JSON answer's `eroare` as the error it means (the empty-list wordings are not errors: null). */
function eroareOf(answer: unknown): EFacturaError | null {
  const eroare = answer && typeof answer === 'object' && typeof (answer as { eroare?: unknown }).eroare === 'string' ? (answer as { eroare: string }).eroare : null;
  if (eroare === null) return null;
  if (/^Nu exista mesaje/i.test(eroare)) return null;
  if (/limita|S-au facut deja/i.test(eroare)) return new EFacturaError('limit', eroare);
  return new EFacturaError('refused', eroare);
}

function messageOf(m: Record<string, unknown>): EFacturaMessage {
  const field = (k: string) => {
    const v = m[k];
    if (typeof v !== 'string' && typeof v !== 'number') throw new EFacturaError('unexpected', `a message without ${k}`);
    return String(v);
  };
  return { id: field('id'), uploadIndex: field('id_solicitare'), cif: field('cif'), type: field('tip'), details: field('detalii'), createdAt: parseAnafStamp(field('data_creare')) };
}

export function eFacturaRest(opts: { restBase?: string; fetch?: FetchLike; timeoutMs?: number; limiter?: EFacturaLimiter }) {
  const base = opts.restBase ?? ANAF_EFACTURA_REST;
  const doFetch: FetchLike = opts.fetch ?? ((url, init) => fetch(url, init));

  async function call(token: string, method: 'GET' | 'POST', path: string, query: Record<string, string>, body?: string) {
    // Our own limits first (half of ANAF's, shared by every instance): a quota used up is never tried.
    if (opts.limiter && !(await opts.limiter.take(quotasOf(path, query)))) throw new EFacturaError('limit', `our own limit for ${path} is reached`);
    const url = `${base}/${path}?${new URLSearchParams(query).toString()}`;
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, accept: '*/*', ...(body !== undefined ? { 'content-type': 'text/plain' } : {}) },
        body,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
      });
    } catch (err) {
      throw new EFacturaError('network', `e-Factura unreachable: ${(err as Error).message}`);
    }
    if (response.status === 401 || response.status === 403) throw new EFacturaError('unauthorised', `e-Factura answered HTTP ${response.status}`);
    if (response.status === 429) throw new EFacturaError('throttled', 'e-Factura answered HTTP 429');
    if (response.status !== 200) throw new EFacturaError('unexpected', `e-Factura answered HTTP ${response.status}`);
    return response;
  }

  async function json(response: Response): Promise<unknown> {
    const text = await response.text();
    try {
      return JSON.parse(text);
    } catch {
      throw new EFacturaError('unexpected', `e-Factura answered without JSON: ${text.slice(0, 80)}`);
    }
  }

  /** An XML answer's root, or the error its `Errors` says. */
  async function xmlAnswer(response: Response) {
    const text = await response.text();
    let root: XmlElement;
    try {
      root = readXmlTree(text, 1024 * 1024);
    } catch {
      throw new EFacturaError('unexpected', `e-Factura answered without XML: ${text.slice(0, 80)}`);
    }
    const error = root.children.find((c) => c.name === 'Errors')?.attributes.errorMessage;
    if (error) throw new EFacturaError(/limita/i.test(error) ? 'limit' : 'refused', error);
    return root;
  }

  return {
    /** listaMesajePaginatieFactura: one page of the messages created in [startMs, endMs] (an empty list is pages 0). */
    async listPage(token: string, cif: string, startMs: number, endMs: number, page: number, filter?: 'E' | 'T' | 'P' | 'R'): Promise<EFacturaPage> {
      const answer = await json(await call(token, 'GET', 'listaMesajePaginatieFactura', { startTime: String(startMs), endTime: String(endMs), cif, pagina: String(page), ...(filter ? { filtru: filter } : {}) }));
      const error = eroareOf(answer);
      if (error) throw error;
      const a = answer as { mesaje?: unknown; numar_total_pagini?: unknown; numar_total_inregistrari?: unknown; eroare?: unknown };
      if (typeof a.eroare === 'string') return { messages: [], pages: 0, total: 0 };
      if (!Array.isArray(a.mesaje) || typeof a.numar_total_pagini !== 'number') throw new EFacturaError('unexpected', 'a message list without mesaje');
      return { messages: a.mesaje.map((m) => messageOf(m as Record<string, unknown>)), pages: a.numar_total_pagini, total: Number(a.numar_total_inregistrari ?? a.mesaje.length) };
    },

    /** descarcare: the ZIP, kept as received, with its XML (`<id>.xml`) and signature; JSON instead of a ZIP is the error it says. */
    async download(token: string, id: string): Promise<EFacturaDownload> {
      const response = await call(token, 'GET', 'descarcare', { id });
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.subarray(0, 4).toString('latin1') !== 'PK\u0003\u0004') {
        let answer: unknown;
        try {
          answer = JSON.parse(bytes.toString('utf8'));
        } catch {
          throw new EFacturaError('unexpected', `descarcare answered neither a ZIP nor JSON: ${bytes.subarray(0, 60).toString('utf8')}`);
        }
        throw eroareOf(answer) ?? new EFacturaError('unexpected', 'descarcare answered JSON without eroare');
      }
      let files: Map<string, Buffer>;
      try {
        files = await readZip(bytes);
      } catch (err) {
        throw new EFacturaError('unexpected', `descarcare answered a bad ZIP: ${err instanceof ZipReadError ? err.message : String(err)}`);
      }
      const xmlName = [...files.keys()].find((n) => n.endsWith('.xml') && !/semnatura/i.test(n));
      if (!xmlName) throw new EFacturaError('unexpected', 'the ZIP holds no invoice XML');
      const xml = files.get(xmlName)!.toString('utf8');
      let root: XmlElement;
      try {
        root = readXmlTree(xml);
      } catch (err) {
        throw new EFacturaError('unexpected', `the ZIP's XML is unreadable: ${err instanceof XmlTreeError ? err.message : String(err)}`);
      }
      const signatureName = [...files.keys()].find((n) => /semnatura/i.test(n));
      return { zip: bytes, xml, root, signature: signatureName ? files.get(signatureName)!.toString('utf8') : null };
    },

    /** upload (uploadb2c for an individual buyer): the upload index; ExecutionStatus 1 is the error it says. */
    async upload(token: string, cif: string, xml: string, opts: { standard: 'UBL' | 'CN' | 'RASP'; b2c?: boolean }) {
      const root = await xmlAnswer(await call(token, 'POST', opts.b2c ? 'uploadb2c' : 'upload', { standard: opts.standard, cif }, xml));
      const index = root.attributes.index_incarcare;
      if (root.attributes.ExecutionStatus !== '0' || !index || !/^\d+$/.test(index)) throw new EFacturaError('unexpected', 'an upload answer without index_incarcare');
      return { uploadIndex: index };
    },

    /** stareMesaj: the upload's state and, when done, the id its result downloads by. */
    async state(token: string, uploadIndex: string): Promise<EFacturaUploadState> {
      const root = await xmlAnswer(await call(token, 'GET', 'stareMesaj', { id_incarcare: uploadIndex }));
      const state = root.attributes.stare;
      if (state !== 'ok' && state !== 'nok' && state !== 'in prelucrare' && state !== 'XML cu erori nepreluat de sistem') throw new EFacturaError('unexpected', `stareMesaj answered stare=${state ?? 'none'}`);
      return { state, downloadId: root.attributes.id_descarcare ?? null };
    },
  };
}
export type EFacturaRest = ReturnType<typeof eFacturaRest>;
