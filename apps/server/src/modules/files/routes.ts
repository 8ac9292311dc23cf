import * as contract from '@arc/contract';
import * as contentDisposition from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.ts';
import { addRoute, perAgentLimit } from '../../platform/routes.ts';
import { createDownloadToken, openDownload, type FilesDeps } from './service.ts';

/** Only PDFs may open inline (the browser's viewer); anything else always downloads. */
const dispositionFor = (contentType: string, query: { disposition?: 'attachment' | 'inline' | undefined }) =>
  query.disposition === 'inline' && contentType === 'application/pdf' ? 'inline' : 'attachment';

export async function filesRoutes(app: FastifyInstance): Promise<void> {
  const deps: FilesDeps = { db: app.db, clock: app.deps.clock, storage: app.deps.storage };

  addRoute(
    app,
    contract.createDownloadToken,
    async (request) => ({ token: await createDownloadToken(deps, request.agentId, request.body.file) }),
    {
      // per agent: an agency's office behind one address is many agents (the season's load run hit the
      // per-address limit at 8 sessions a second, bench/README.md "Load and soak")
      rateLimit: perAgentLimit('download-token', 120, '1 minute'),
    },
  );

  // No bearer here: the browser opens this URL itself, and the single-use token is the credential.
  addRoute(
    app,
    contract.downloadFile,
    async (request, reply) => {
      // Fastify answers HEAD with this handler too: a link checker's HEAD must not spend the single use.
      if (request.method === 'HEAD') throw notFound();
      const bearerAgentId = await app.optionalAgentId(request);
      const { file, stream } = await openDownload(deps, request.params.token, { bearerAgentId, ip: request.ip });
      reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header(
          'content-disposition',
          contentDisposition.create(file.name, { type: dispositionFor(file.contentType, request.query) }),
        )
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff');
      // Stored compressed (commission CSVs): the size above is of these encoded bytes.
      if (file.contentEncoding) reply.header('content-encoding', file.contentEncoding);
      return reply.send(stream);
    },
    // per address (no bearer here): 600 a minute, so an office of agents behind one address is not refused at the
    // season's peak (the load run hit 120 at 8 sessions a second); the single-use token is the credential
    { rateLimit: { max: 600, timeWindow: '1 minute' } },
  );
}
