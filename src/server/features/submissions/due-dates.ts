import { COMPANY_TIME_ZONE, REVIEW_DUE_BUSINESS_DAYS } from '../../../common/constants';
import { dayIn } from '../../../common/days';
import { addBusinessDays } from '../../lib/business-days';

/** The day a review is due: 10 business days after the day (in Nashville) the song arrived. */
export function reviewDueOn(arrivedAt: Date): string {
  return addBusinessDays(dayIn(COMPANY_TIME_ZONE, arrivedAt), REVIEW_DUE_BUSINESS_DAYS);
}

/** Today in Nashville, the day due dates are counted against. */
export const companyToday = (now = new Date()) => dayIn(COMPANY_TIME_ZONE, now);
