import { AppError } from '../../lib/errors';

/** The address service did not answer in time or could not be reached: try again later. */
export class GeocoderUnavailable extends AppError {
  constructor(message: string) {
    super(503, 'unavailable', message);
  }
}

/** The address service answered, but with an error or something we cannot read. */
export class GeocoderFailed extends AppError {
  constructor(message: string) {
    super(502, 'bad_gateway', message);
  }
}
