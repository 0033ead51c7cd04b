import type { FastifySerializerCompiler } from 'fastify';

/**
 * For hot read routes whose answers are built field by field by typed serializers (TypeScript
 * checks them against the contract's types): JSON.stringify without parsing the whole answer with
 * zod again on every request. The route still declares its reply schemas (OpenAPI, 4xx shapes),
 * and the tests parse every answer with the strict contract schemas. See docs/decisions/016-trusted-serializers-on-hot-reads.md.
 */
export const trustedSerializerCompiler: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);
