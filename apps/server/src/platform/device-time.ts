import { DEVICE_TIME_HEADER } from '@pasado/core';
import type { FastifyRequest } from 'fastify';

/** The phone's clock as it sent this request (the outbox's stamp, core `DEVICE_TIME_HEADER`). */
export function deviceTimeOf(request: FastifyRequest): string | undefined {
  const value = request.headers[DEVICE_TIME_HEADER];
  return typeof value === 'string' ? value : undefined;
}
