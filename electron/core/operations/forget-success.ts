/** One operation forgotten: by this request, or found gone already (a 404 after an unanswered attempt). */
export interface ForgetSuccess {
  outcome: 'forgotten' | 'already_gone';
  /** HTTP requests sent for this name. */
  attempts: number;
  status: number;
}
