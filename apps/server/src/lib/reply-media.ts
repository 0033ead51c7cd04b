import { z } from 'zod';

/**
 * Replies that are not JSON: files, images, PDFs, zips. A route declares them with `binaryReply` so the OpenAPI
 * document names the real media types (a client generator then treats the answer as bytes), and `emptyReply` for a
 * status with no body (304). The key is read by the OpenAPI plugin, which swaps it for a `content` map.
 */
export const REPLY_MEDIA_KEY = 'x-reply-media';

export const binaryReply = (description: string, mediaTypes: readonly string[]) => z.any().meta({ description, [REPLY_MEDIA_KEY]: [...mediaTypes] });

export const emptyReply = (description: string) => binaryReply(description, []);

/** What an image route may answer with (the image proxy converts to any of them). */
export const IMAGE_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;
