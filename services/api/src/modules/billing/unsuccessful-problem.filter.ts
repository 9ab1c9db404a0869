import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from '../../common/http';

/** problem+json with `success: false`: the spec's subscribe client reads `success` from every answer. */
@Catch()
export class UnsuccessfulProblemFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendProblem(exception, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>(), {
      success: false,
    });
  }
}
