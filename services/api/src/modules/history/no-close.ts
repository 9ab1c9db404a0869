import { ErrorCode } from '@fxrates/domain';
import { AppException } from '../../common/app-exception';

/** 404 `history-unavailable` for a day the source published no close of `what` on or shortly before. */
export const noCloseFor = (what: string, day: string) =>
  new AppException(
    ErrorCode.HistoryUnavailable,
    `The ECB published no ${what} rate on or shortly before ${day}.`,
  );
