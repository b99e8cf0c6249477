/**
 * ISO 3166-1 alpha-2 country codes and ISO 639-1 language codes for the routing rules; their
 * names come from the browser in the interface language (`Intl.DisplayNames`).
 */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ ' +
  'BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM ' +
  'DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS ' +
  'GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN ' +
  'KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ ' +
  'MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV ' +
  'SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI ' +
  'VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

export const LANGUAGE_CODES = (
  'af am ar az be bg bn bs ca cs cy da de el en es et eu fa fi fil fr ga gl gu he hi hr hu hy ' +
  'id is it ja ka kk km kn ko ky lo lt lv mk ml mn mr ms mt my nb ne nl pa pl ps pt ro ru si ' +
  'sk sl sq sr sv sw ta te th tr uk ur uz vi zh zu'
)
  .split(' ')
  // The rules take two-letter codes (ISO 639-1).
  .filter((code) => code.length === 2);

/** `[code, name]` sorted by name in `language`; a code the browser cannot name keeps its code. */
export function namedCodes(
  codes: readonly string[],
  type: 'region' | 'language',
  language: string,
): { value: string; label: string }[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language], { type });
  } catch {
    names = undefined;
  }
  const collator = new Intl.Collator(language);
  return codes
    .map((code) => ({ value: code, label: names?.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.label, b.label));
}
