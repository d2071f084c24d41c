import { AppException, ErrorCode } from '@erp/contracts';
import { Injectable, type PipeTransform } from '@nestjs/common';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id in a path: anything that is not a uuid names nothing, so it is a 404, not a 500. */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!uuid.test(value)) throw new AppException(ErrorCode.NotFound, 'Not found', { id: value });
    return value.toLowerCase();
  }
}
