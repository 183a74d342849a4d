/**
 * A script from someone else's host put into the pages where customers type their card (docs/skill-effect-model.md,
 * "Families added in 2026.11.30"): the script sees what is typed there, so a skill that adds one — with the card fields
 * opened to it (data capture on all fields, the provider's iframe switched off, the page's CSP widened for its host) —
 * is a web skimmer whatever the script is called. Kept as data: the payment providers whose own scripts belong on a
 * payment page, what names the payment page, and what gives a script the fields.
 */

/** Payment providers' script hosts: their script is how card fields are collected without the shop seeing them. */
export const PAYMENT_SCRIPT_HOSTS = /(?:^|\.)(?:js\.stripe\.com|stripe\.com|stripe\.network|braintreegateway\.com|braintree-api\.com|paypal\.com|paypalobjects\.com|pay\.google\.com|apple\.com|squarecdn\.com|squareup\.com|adyen\.com|adyenpayments\.com|checkout\.com|razorpay\.com|mollie\.com|klarna\.com|klarnacdn\.net|authorize\.net|cybersource\.com|worldpay\.com|paddle\.com|recurly\.com|chargebee\.com|shopify\.com|shopifycdn\.com)$/i;

/** The payment page or its card fields, in the section around the script. */
export const PAYMENT_PAGE = /\b(?:checkout|payment (?:page|pages|step|form|fields?|inputs?)|card (?:fields?|numbers?|inputs?|data|details|form)|cc-number|cc-csc|cvv|cvc|card-type)\b|\b(?:kasse|zahlungsseite|kartennummer|pago|tarjeta|paiement|carte bancaire|betaalpagina|afrekenen|pagamento|cartão)\b|決済|支払い|结账|支付页/iu;

/** What gives the script the fields: it listens to or captures the form's inputs, or the isolation around them is removed. */
export const FIELDS_OPENED = /\bdata-capture\s*=\s*["']?(?:all|full|every)|\b(?:listens?|listening) to (?:the )?(?:checkout |payment )?(?:form|inputs?|fields?)|\b(?:captures?|records?|reads?|sees?|collects?|can see)\s+(?:all |every |the )?(?:(?:form|card|payment|checkout) )?(?:fields?|inputs?|keystrokes|form data)\b|\bso (?:the|that the|it) [\w-]+ can see the (?:inputs?|fields?)|\b(?:direct|hosted)[- ]fields\b[^.\n]{0,60}\b(?:mode|instead)|\b(?:switch|turn) off (?:the )?(?:provider'?s )?iframe/i;

/** … said of what the script does not do. */
export const NEGATED_CAPTURE = /\b(?:not|never|no|without|doesn['’]t|does not|won['’]t)\b[^.\n]{0,30}$/i;
