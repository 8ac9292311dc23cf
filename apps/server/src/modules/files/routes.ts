import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.ts';
import { addRoute, perAgentLimit } from '../../platform/routes.ts';
import { sendFile } from '../../platform/send-file.ts';
import { createDownloadToken, openDownload, type FilesDeps } from './service.ts';

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
      // only a PDF opens inline (sendFile); stored compressed (commission CSVs): the size is of the encoded bytes
      return sendFile(reply, {
        stream,
        name: file.name,
        contentType: file.contentType,
        disposition: request.query.disposition,
        size: file.size,
        contentEncoding: file.contentEncoding,
      });
    },
    // per address (no bearer here): 600 a minute, so an office of agents behind one address is not refused at the
    // season's peak (the load run hit 120 at 8 sessions a second); the single-use token is the credential
    { rateLimit: { max: 600, timeWindow: '1 minute' } },
  );
}
