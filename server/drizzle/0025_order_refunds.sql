-- An operator's refund of an offer order (docs/decisions/0048-order-refunds.md): when, and why; the order's status becomes 'refunded'.
ALTER TABLE "offer_orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offer_orders" ADD COLUMN "refund_reason" varchar(500);
