/** Ensaya's public contact details, shown in the footer and on the support page. */
export const company = {
  name: 'Ensaya',
  email: 'contacto@ensaya.cl',
  phoneDisplay: '+56 2 2938 4100',
  phoneHref: 'tel:+56229384100',
  address: 'Av. Providencia 1208, oficina 602, Providencia, Santiago, Chile',
  instagramUrl: 'https://www.instagram.com/ensaya.cl',
} as const;
