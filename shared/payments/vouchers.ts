import { Op } from 'sequelize';
import { Voucher } from '../db/models.js';
import { unprocessable } from '../errors.js';

/** Vouchers: a percentage off one category's product price, for a limited number of uses (docs/api.md). */

/** A voucher that can be used for this category now, or a 422 naming voucherCode. */
export async function usableVoucher(code: string, categoryKey: string): Promise<Voucher> {
  const v = await Voucher.findByPk(code);
  const bad = (why: string) => unprocessable('invalid_voucher', `Voucher ${code} ${why}`, 'voucherCode');
  if (!v || !v.active) throw bad('does not exist');
  if (v.expiresAt && v.expiresAt.getTime() < Date.now()) throw bad('has expired');
  if (v.uses >= v.maxUses) throw bad('has no uses left');
  if (v.categoryKey && v.categoryKey !== categoryKey) throw bad(`is for category ${v.categoryKey}`);
  return v;
}

/**
 * Takes one use of a voucher before a paid request is charged (and gives it back if no payment
 * follows), so concurrent users of a shared code never wait on each other's settlement.
 */
export async function reserveVoucherUse(code: string): Promise<boolean> {
  const [n] = await Voucher.update(
    { uses: Voucher.sequelize!.literal('uses + 1') as unknown as number },
    { where: { code, active: true, uses: { [Op.lt]: Voucher.sequelize!.col('max_uses') } } as never },
  );
  return n === 1;
}

export async function releaseVoucherUse(code: string): Promise<void> {
  await Voucher.update({ uses: Voucher.sequelize!.literal('uses - 1') as unknown as number }, { where: { code, uses: { [Op.gt]: 0 } } });
}
