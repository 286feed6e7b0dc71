import {
  defaultQuotedPrice,
  PRICE_TYPES,
  responseInputSchemaFor,
  type BusinessRequestView,
  type ResponseData,
  type ResponseInput,
} from '@grip/domain';
import { z } from 'zod';

/** The custom response form as typed: text inputs, converted and checked by the domain schema. */
export interface RespondFormValues {
  message: string;
  quotedPrice: string;
  priceType: (typeof PRICE_TYPES)[number];
  availabilityDate: string;
  availabilityTime: string;
  estimatedDuration: string;
  termsConditions: string;
}

const blankToNull = (v: string) => (v.trim() ? v.trim() : null);

/** Form values -> the API's input (images come from the upload list). */
export function toResponseInput(values: RespondFormValues): ResponseInput {
  return {
    message: values.message,
    // An empty box is "no price", which the schema reports with the spec's price message.
    quotedPrice: values.quotedPrice.trim() === '' ? Number.NaN : Number(values.quotedPrice),
    priceType: values.priceType,
    availabilityDate: blankToNull(values.availabilityDate),
    availabilityTime: blankToNull(values.availabilityTime),
    estimatedDuration: blankToNull(values.estimatedDuration),
    termsConditions: blankToNull(values.termsConditions),
    images: [],
    isAcceptedAsIs: false,
  };
}

/** The form's schema for the viewer's today: field errors land on the fields of the same names. */
export function respondFormSchema(today: string): z.ZodType<ResponseData, RespondFormValues> {
  return z
    .object({
      message: z.string(),
      quotedPrice: z.string(),
      priceType: z.enum(PRICE_TYPES),
      availabilityDate: z.string(),
      availabilityTime: z.string(),
      estimatedDuration: z.string(),
      termsConditions: z.string(),
    })
    .transform(toResponseInput)
    .pipe(responseInputSchemaFor(today));
}

/** The custom form starts from the request: its minimum budget (or $100), fixed, available today. */
export function initialFormValues(request: BusinessRequestView, today: string): RespondFormValues {
  return {
    message: '',
    quotedPrice: String(defaultQuotedPrice(request)),
    priceType: 'fixed',
    availabilityDate: today,
    availabilityTime: '',
    estimatedDuration: '',
    termsConditions: '',
  };
}
