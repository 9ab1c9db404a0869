import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ErrorCode } from '@fxrates/domain';
import { AppException } from './app-exception';

/** The context every class-validator rule may carry to choose its error code. */
export interface RuleContext {
  code: ErrorCode;
}

function firstFailure(errors: ValidationError[]): { error: ValidationError; constraint: string } | undefined {
  for (const error of errors) {
    const constraint = error.constraints && Object.keys(error.constraints)[0];
    if (constraint) return { error, constraint };
    const nested = firstFailure(error.children ?? []);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * The global pipe: whitelist, forbid unknown properties, transform. The first failing rule picks the
 * problem's code (from its `context.code`, else `validation-failed`) and its message.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const failure = firstFailure(errors);
      if (!failure) return new AppException(ErrorCode.ValidationFailed, 'The request is invalid.');
      const { error, constraint } = failure;
      const context = error.contexts?.[constraint] as RuleContext | undefined;
      const message = error.constraints![constraint];
      if (constraint === 'whitelistValidation') {
        return new AppException(ErrorCode.ValidationFailed, `Field "${error.property}" is not allowed here.`);
      }
      return new AppException(context?.code ?? ErrorCode.ValidationFailed, message);
    },
  });
}
