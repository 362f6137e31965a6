import { COMPANY_TIME_ZONE, REVIEW_DUE_BUSINESS_DAYS } from '../../../common/constants';
import { dayIn } from '../../../common/days';
import { addBusinessDays } from '../../lib/business-days';

/**
 * The day a review is due: 10 business days after the day (in Nashville) the song arrived, or the faster
 * review's fewer days bought with its order (decision 0095).
 */
export function reviewDueOn(arrivedAt: Date, businessDays: number = REVIEW_DUE_BUSINESS_DAYS): string {
  return addBusinessDays(dayIn(COMPANY_TIME_ZONE, arrivedAt), businessDays);
}

/** Today in Nashville, the day due dates are counted against. */
export const companyToday = (now = new Date()) => dayIn(COMPANY_TIME_ZONE, now);
