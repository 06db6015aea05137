import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { sharedWindowLimiter } from '../../lib/rate-limit.js';
import { accessTokenCui } from './simulator-store.js';
import { anafStamp, SIM_LIST_MAX_DAYS, SIM_MESSAGE_TYPES, SIM_PAGE_SIZE, simDownload, simMessages, simUpload, simUploadRasp, simUploadState, type SimFilter } from './simulator-spv.js';

/** e-Factura's REST API as the simulator serves it: ANAF's paths and parameters under this prefix. */
export const SIM_REST_BASE = '/sim/efactura/rest';
/** ANAF's limit on every call of an application: 1,000 a minute (HTTP 429 beyond). */
export const SIM_CALLS_PER_MINUTE = 1000;
/** ANAF's upload limit, 10 MB. */
const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
const DAY_MS = 86_400_000;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const UPLOAD_NS = 'mfp:anaf:dgti:spv:respUploadFisier:v1';
const STATE_NS = 'mfp:anaf:dgti:efactura:stareMesajFactura:v1';

/**
 * The SPV's REST calls (issue 25) with ANAF's answers, errors included: most errors come with HTTP 200
 * (`eroare` in JSON, `Errors` in XML, JSON instead of a ZIP), 401 without a valid token, 429 over
 * the calls a minute, 400 as JSON {timestamp, status, error, message} for a malformed request.
 */
export function spvRoutes(deps: { database: Database; key: Buffer; callsPerMinute?: number; limitScope?: string }) {
  const { db } = deps.database;
  const limit = sharedWindowLimiter(db, deps.limitScope ?? 'efactura-sim-calls', deps.callsPerMinute ?? SIM_CALLS_PER_MINUTE, 60_000, 'Limita de apeluri pe minut a fost depasita.');

  return async (app: FastifyInstance) => {
    app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'string', bodyLimit: UPLOAD_MAX_BYTES }, (_req, body, done) => done(null, body));
    const badRequest = (reply: FastifyReply, req: FastifyRequest, message: string) =>
      reply.status(400).send({ timestamp: new Date().toISOString(), status: 400, error: 'Bad Request', message, path: req.url.split('?')[0] });
    const xml = (reply: FastifyReply, body: string) => reply.status(200).type('application/xml; charset=utf-8').send(`<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`);

    /** The CUIs the bearer token's certificate may act for (null: 401 sent). */
    async function authorised(req: FastifyRequest, reply: FastifyReply): Promise<string[] | null> {
      const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      const represented = bearer ? await accessTokenCui(db, bearer[1]!) : null;
      if (!represented) {
        await reply.status(401).send({ error: 'invalid_token', error_description: 'Tokenul de acces nu este valid sau a expirat.' });
        return null;
      }
      await limit('app');
      return [represented];
    }

    const cifOf = (query: Record<string, unknown>) => str(query.cif) ?? '';
    const filterOf = (query: Record<string, unknown>): SimFilter | null | 'bad' => {
      const f = str(query.filtru);
      if (f === undefined || f === '') return null;
      return f in SIM_MESSAGE_TYPES ? (f as SimFilter) : 'bad';
    };

    // listaMesajeFactura: the last `zile` days; more than a page asks for the paginated list.
    app.get(`${SIM_REST_BASE}/listaMesajeFactura`, async (req, reply) => {
      const cifs = await authorised(req, reply);
      if (!cifs) return reply;
      const query = (req.query ?? {}) as Record<string, unknown>;
      const cif = cifOf(query);
      const zile = str(query.zile) ?? '';
      const answer = (eroare: string) => reply.status(200).send({ eroare, titlu: 'Lista Mesaje' });
      if (!/^\d{1,10}$/.test(cif)) return answer(`CIF introdus= ${cif} nu este un numar`);
      if (!/^\d{1,2}$/.test(zile) || Number(zile) < 1 || Number(zile) > SIM_LIST_MAX_DAYS) return answer(`Numarul de zile introdus= ${zile} nu este un numar intre 1 si ${SIM_LIST_MAX_DAYS}`);
      const filter = filterOf(query);
      if (filter === 'bad') return answer(`Valoarea parametrului filtru= ${str(query.filtru)} nu este corecta (E, T, P sau R)`);
      if (!cifs.includes(cif)) return answer(`Nu aveti drept in SPV pentru CIF=${cif}`);
      const now = new Date();
      const { total, messages } = await simMessages(db, cif, new Date(now.getTime() - Number(zile) * DAY_MS), now, filter, 1);
      if (total === 0) return answer(`Nu exista mesaje in ultimele ${Number(zile)} zile`);
      if (total > SIM_PAGE_SIZE) return answer(`Lista de mesaje este mai mare decat numarul de ${SIM_PAGE_SIZE} elemente permise in pagina. Folositi endpoint-ul cu paginatie.`);
      return { mesaje: messages, serial: `sim${anafStamp(now)}`, cui: cif, titlu: `Lista Mesaje disponibile din ultimele ${Number(zile)} zile` };
    });

    // listaMesajePaginatieFactura: [startTime, endTime] in ms, 500 a page, within the last 60 days.
    app.get(`${SIM_REST_BASE}/listaMesajePaginatieFactura`, async (req, reply) => {
      const cifs = await authorised(req, reply);
      if (!cifs) return reply;
      const query = (req.query ?? {}) as Record<string, unknown>;
      const cif = cifOf(query);
      const answer = (eroare: string) => reply.status(200).send({ eroare, titlu: 'Lista Mesaje' });
      const [start, end, page] = [str(query.startTime), str(query.endTime), str(query.pagina)];
      if (!start || !end || !page || !/^\d{1,15}$/.test(start) || !/^\d{1,15}$/.test(end) || !/^\d{1,6}$/.test(page)) return badRequest(reply, req, 'Parametrii startTime, endTime si pagina sunt obligatorii si numerici');
      if (!/^\d{1,10}$/.test(cif)) return answer(`CIF introdus= ${cif} nu este un numar`);
      const filter = filterOf(query);
      if (filter === 'bad') return answer(`Valoarea parametrului filtru= ${str(query.filtru)} nu este corecta (E, T, P sau R)`);
      const now = Date.now();
      const [from, to, index] = [Number(start), Number(end), Number(page)];
      if (from < now - SIM_LIST_MAX_DAYS * DAY_MS) return answer(`startTime = ${start} nu poate fi mai vechi de ${SIM_LIST_MAX_DAYS} de zile fata de momentul requestului`);
      if (to < from) return answer(`endTime = ${end} nu poate fi mai mic decat startTime = ${start}`);
      if (index < 1) return answer('Numarul paginii trebuie sa fie cel putin 1');
      if (!cifs.includes(cif)) return answer(`Nu aveti drept in SPV pentru CIF=${cif}`);
      const { total, messages } = await simMessages(db, cif, new Date(from), new Date(Math.min(to, now)), filter, index);
      if (total === 0) return answer('Nu exista mesaje in intervalul selectat');
      const pages = Math.ceil(total / SIM_PAGE_SIZE);
      if (index > pages) return answer(`Pagina solicitata ${index} este mai mare decat numarul toatal de pagini ${pages}`);
      return {
        mesaje: messages,
        numar_inregistrari_in_pagina: messages.length,
        numar_total_inregistrari_per_pagina: SIM_PAGE_SIZE,
        numar_total_inregistrari: total,
        numar_total_pagini: pages,
        index_pagina_curenta: index,
        serial: `sim${anafStamp(new Date(now))}`,
        cui: cif,
        titlu: `Lista Mesaje disponibile din intervalul ${new Date(from).toISOString()} - ${new Date(to).toISOString()}`,
      };
    });

    // descarcare: the ZIP, or (HTTP 200) JSON saying why not.
    app.get(`${SIM_REST_BASE}/descarcare`, async (req, reply) => {
      const cifs = await authorised(req, reply);
      if (!cifs) return reply;
      const id = str(((req.query ?? {}) as Record<string, unknown>).id) ?? '';
      if (!/^\d{1,18}$/.test(id)) return reply.status(200).send({ eroare: `Id descarcare introdus= ${id} nu este un numar intreg`, titlu: 'Descarcare mesaj' });
      const got = await simDownload(db, deps.key, Number(id), cifs);
      if ('eroare' in got) return reply.status(200).send({ eroare: got.eroare, titlu: 'Descarcare mesaj' });
      return reply.status(200).type('application/zip').header('content-disposition', `attachment; filename="${id}.zip"`).send(got.zip);
    });

    // upload (companies) and uploadb2c (individuals): raw XML, answered in XML with the upload index.
    for (const path of ['upload', 'uploadb2c'] as const) {
      app.post(`${SIM_REST_BASE}/${path}`, { bodyLimit: UPLOAD_MAX_BYTES }, async (req, reply) => {
        const cifs = await authorised(req, reply);
        if (!cifs) return reply;
        const query = (req.query ?? {}) as Record<string, unknown>;
        const now = anafStamp(new Date());
        const refused = (message: string) => xml(reply, `<header xmlns="${UPLOAD_NS}" dateResponse="${now}" ExecutionStatus="1"><Errors errorMessage="${esc(message)}"/></header>`);
        const standard = str(query.standard) ?? '';
        const cif = cifOf(query);
        if (!['UBL', 'CN', 'CII', 'RASP'].includes(standard)) return refused(`Valoarea parametrului standard= ${standard} nu este corecta (UBL, CN, CII sau RASP)`);
        if (standard === 'CII') return refused(`Standardul ${standard} nu este acceptat de simulator`);
        if (standard === 'RASP' && path === 'uploadb2c') return refused('Mesajele RASP se transmit prin upload, nu prin uploadb2c');
        if (!/^\d{1,10}$/.test(cif)) return refused(`CIF introdus= ${cif} nu este un numar`);
        if (!cifs.includes(cif)) return refused(`Nu aveti drept in SPV pentru CIF=${cif}`);
        const body = typeof req.body === 'string' ? req.body : '';
        if (body.trim() === '') return refused('Fisierul transmis este gol');
        const uploadIndex =
          standard === 'RASP'
            ? await simUploadRasp(db, { cif, xml: body })
            : await simUpload(db, { cif, standard: standard as 'UBL' | 'CN', b2c: path === 'uploadb2c', selfBilling: str(query.autofactura) === 'DA', xml: body });
        return xml(reply, `<header xmlns="${UPLOAD_NS}" dateResponse="${now}" ExecutionStatus="0" index_incarcare="${uploadIndex}"/>`);
      });
    }

    // stareMesaj: the state of an upload of the token's company.
    app.get(`${SIM_REST_BASE}/stareMesaj`, async (req, reply) => {
      const cifs = await authorised(req, reply);
      if (!cifs) return reply;
      const id = str(((req.query ?? {}) as Record<string, unknown>).id_incarcare) ?? '';
      const refused = (message: string) => xml(reply, `<header xmlns="${STATE_NS}"><Errors errorMessage="${esc(message)}"/></header>`);
      if (!/^\d{1,18}$/.test(id)) return refused(`Id_incarcare introdus= ${id} nu este un numar intreg`);
      const state = await simUploadState(db, Number(id), cifs);
      if (!state) return refused(`Nu aveti dreptul de interogare pentru id_incarcare= ${id}`);
      return xml(reply, `<header xmlns="${STATE_NS}" stare="${state.state}"${state.downloadId ? ` id_descarcare="${state.downloadId}"` : ''}/>`);
    });
  };
}
