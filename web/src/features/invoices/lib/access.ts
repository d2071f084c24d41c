/** What the signed-in user may do on the Invoices screen (the route works it out from the session). */
export interface InvoicesAccess {
  /** invoices:write: record payments. */
  recordPayments: boolean;
  /** Admins and owners: delete a payment, with a reason. */
  deletePayments: boolean;
}

/** A user's name by id, for who deleted a payment; undefined when it is not known here. */
export type UserNameOf = (userId: string) => string | undefined;
