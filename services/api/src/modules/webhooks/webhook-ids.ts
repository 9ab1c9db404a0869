import { ParseUUIDPipe } from '@nestjs/common';
import { deliveryNotFound, endpointNotFound } from './webhooks.service';

/** An id that is not a UUID cannot name an endpoint of the caller's: the same 404 as any other. */
export const endpointId = new ParseUUIDPipe({ exceptionFactory: endpointNotFound });

/** An id that is not a UUID names no delivery: 404. */
export const deliveryId = new ParseUUIDPipe({ exceptionFactory: deliveryNotFound });
