import { ValidationError, ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { DECORATORS } from '@nestjs/swagger';
import { ErrorCode } from '@fxrates/domain';
import { AppException } from '../errors';

/** The context every class-validator rule may carry to choose its error code. */
export interface RuleContext {
  code: ErrorCode;
}

/** Rules about a value's size: they fail on a missing value too, but say nothing of what is missing. */
const BOUNDS = new Set(['minLength', 'maxLength', 'min', 'max', 'arrayMinSize', 'arrayMaxSize']);

/**
 * The rule to report of those a field failed: IsDefined if it failed, else the first that is not a
 * bound. A `null` first name fails IsString ("First name is required.") as well as MaxLength, and
 * the first says what to do. class-validator reports rules in the order their decorators were
 * registered, which depends on how they were composed (`applyDecorators` reverses it).
 */
function ruleToReport(constraints: Record<string, string>): string {
  const names = Object.keys(constraints);
  if (names.includes('isDefined')) return 'isDefined';
  return names.find((name) => !BOUNDS.has(name)) ?? names[0];
}

function firstFailure(errors: ValidationError[]): { error: ValidationError; constraint: string } | undefined {
  for (const error of errors) {
    if (error.constraints && Object.keys(error.constraints).length > 0) {
      return { error, constraint: ruleToReport(error.constraints) };
    }
    const nested = firstFailure(error.children ?? []);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * A body field that is null where its OpenAPI property is not `nullable`. IsOptional lets null
 * through as if the field were absent, and the service would then store it (a NOT NULL column: 500).
 */
function undocumentedNull(body: object): string | undefined {
  const prototype = Object.getPrototypeOf(body) as object;
  if (prototype === Object.prototype) return undefined;
  return Object.keys(body).find((field) => {
    if ((body as Record<string, unknown>)[field] !== null) return false;
    const property = Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, prototype, field) as
      { nullable?: boolean } | undefined;
    return property?.nullable !== true;
  });
}

/**
 * The global pipe: whitelist, forbid unknown properties, transform. The failing rule picks the
 * problem's code (from its `context.code`, else `validation-failed`) and its message. A body takes
 * null only where the document says the field is nullable.
 */
class ProblemValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const transformed: unknown = await super.transform(value, metadata);
    if (metadata.type === 'body' && transformed !== null && typeof transformed === 'object') {
      const field = undocumentedNull(transformed);
      if (field !== undefined) {
        throw new AppException(
          ErrorCode.ValidationFailed,
          `Field "${field}" cannot be null: send a value, or leave the field out.`,
        );
      }
    }
    return transformed;
  }
}

export function createValidationPipe(): ValidationPipe {
  return new ProblemValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
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
