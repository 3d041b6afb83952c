import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { extensionOf, formatBytes, isPublicImageKind, type AnyUploadType } from "../../src/domain/uploads";
import { HttpError, conflict, forbidden, notFound, unprocessable } from "../lib/errors";
import { contentDispositionFor, parseStoragePath, sniffDocumentType, sniffImageType } from "../storage";
import { recordUpload } from "../storage/ledger";
import { users } from "../db/schema";
import { eq } from "drizzle-orm";
import type { UploadGrant } from "../storage/signing";

const pathParams = z.object({ "*": z.string() });
const grantQuery = z.object({
  contentType: z.string().optional(),
  maxBytes: z.string().optional(),
  expires: z.string().optional(),
  signature: z.string().optional(),
});

const typeLabel = (contentType: string) => extensionOf(contentType as AnyUploadType)?.toUpperCase() ?? contentType;
const isDocumentType = (contentType: string) => contentType.startsWith("application/");
/** "imagens PNG" or "documentos PDF": what a link accepts, in its messages. */
const whatOf = (contentType: string) => `${isDocumentType(contentType) ? "documentos" : "imagens"} ${typeLabel(contentType)}`;
const tooLarge = (size: number, max: number, contentType: string) =>
  new HttpError(413, `O arquivo tem ${formatBytes(size)} e o limite é ${formatBytes(max)}. Envie ${isDocumentType(contentType) ? "um documento menor" : "uma imagem menor"}.`);

/** Whether the bytes are what the link was signed for; documents with macros are refused with their own message. */
async function checkContent(body: Buffer, contentType: string) {
  if (!isDocumentType(contentType)) {
    if (sniffImageType(body) !== contentType) throw new HttpError(415, `O conteúdo do arquivo não é uma imagem ${typeLabel(contentType)} válida.`);
    return;
  }
  const found = await sniffDocumentType(body);
  if ("macros" in found && found.macros) throw new HttpError(415, "Documentos com macros não são aceitos. Salve o arquivo sem macros (DOCX, XLSX, ODT ou ODS) e envie de novo.");
  if (found.type !== contentType) {
    const actually = found.type ? ` (o conteúdo é de um ${typeLabel(found.type)})` : "";
    throw new HttpError(415, `O conteúdo do arquivo não é um documento ${typeLabel(contentType)} válido${actually}.`);
  }
}

declare module "fastify" {
  interface FastifyRequest {
    uploadGrant?: UploadGrant;
  }
}

/**
 * PUT {uploadURL} stores the file an upload URL was signed for; GET /api/files/{storagePath} serves
 * it back. The signature is the credential of the PUT, so it needs no session.
 */
const files: FastifyPluginAsyncZod = async (app) => {
  // In this module every body is the raw file, whatever its type; the type is checked against the grant.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  /** Refuses before reading the body: forged, expired, wrong type or announced too large. */
  async function checkGrant(request: FastifyRequest) {
    const storagePath = (request.params as { "*": string })["*"];
    const check = parseStoragePath(storagePath)
      ? app.storage.checkUpload(storagePath, request.query as Record<string, string | undefined>, app.now())
      : ({ ok: false, reason: "invalid" } as const);
    if (!check.ok) {
      throw forbidden(
        check.reason === "expired"
          ? "O link de envio expirou. Gere um novo link e envie o arquivo novamente."
          : "Link de envio inválido. Gere um novo link e envie o arquivo novamente.",
      );
    }
    const { grant } = check;
    const type = String(request.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
    if (type !== grant.contentType) {
      throw new HttpError(
        415,
        `Este link aceita apenas ${whatOf(grant.contentType)} (Content-Type ${grant.contentType}); o envio veio como ${type || "sem tipo"}.`,
      );
    }
    const announced = Number(request.headers["content-length"]);
    if (Number.isFinite(announced) && announced > grant.maxBytes) throw tooLarge(announced, grant.maxBytes, grant.contentType);
    request.uploadGrant = grant;
  }

  app.put(
    "/uploads/*",
    {
      schema: {
        tags: ["arquivos"],
        summary: "Recebe o arquivo de um link de envio assinado (POST /api/companies/upload-url)",
        params: pathParams,
        querystring: grantQuery,
      },
      bodyLimit: app.storage.maxBytes,
      onRequest: checkGrant,
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (request) => {
      const grant = request.uploadGrant!;
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (body.length === 0) throw unprocessable("O arquivo está vazio.");
      if (body.length > grant.maxBytes) throw tooLarge(body.length, grant.maxBytes, grant.contentType);
      await checkContent(body, grant.contentType);
      const info = parseStoragePath(grant.storagePath)!;
      // The upload counts against its uploader's company (the consultancy's pool for an ADMIN).
      const [owner] = await app.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, info.ownerId)).limit(1);
      if (!owner) throw forbidden("Link de envio inválido. Gere um novo link e envie o arquivo novamente.");
      const { pendingMax: max, pendingHours: hours } = app.config.uploads;
      await app.db.transaction(async (tx) => {
        const upload = { storagePath: grant.storagePath, kind: info.kind, ownerId: info.ownerId, companyId: owner.companyId, size: body.length };
        await recordUpload(tx, { ...upload, createdAt: new Date(app.now()) }, { max, hours });
        const created = await app.storage.files.create(grant.storagePath, body);
        if (!created) throw conflict("Este link de envio já foi usado. Gere um novo link para enviar outro arquivo.");
      });
      return { storagePath: grant.storagePath, contentType: grant.contentType, size: body.length };
    },
  );

  app.get(
    "/files/*",
    { schema: { tags: ["arquivos"], summary: "Uma imagem enviada (logotipo ou avatar); documentos são baixados pelo seu registro", params: pathParams } },
    async (request, reply) => {
      const storagePath = request.params["*"];
      const info = parseStoragePath(storagePath);
      // Documents (models, evidence) and a project's files are read only through their record, which
      // applies its access rules (they are their company's); this public path serves logos and avatars alone.
      const file = info && isPublicImageKind(info.kind) ? await app.storage.files.open(storagePath) : null;
      if (!info || !file) throw notFound("Arquivo não encontrado.");
      // Paths are never reused, so a file is cacheable forever; it is never run as a document.
      reply
        .header("content-type", info.contentType)
        .header("content-length", file.size)
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .header("content-disposition", contentDispositionFor(info.contentType, storagePath))
        .header("content-security-policy", "default-src 'none'; sandbox");
      return reply.send(file.stream);
    },
  );
};

export default files;
