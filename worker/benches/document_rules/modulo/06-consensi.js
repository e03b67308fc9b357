// Il consenso al trattamento dei dati è dato e il modulo contiene l'informativa.
const INFORMATIVA = /Regolamento \(UE\) 2016\/679/;
const TITOLARE = /titolare del trattamento è (?<titolare>[^,\n]+)/i;

export default function ({ formData, rawText }) {
  const informativa = INFORMATIVA.test(rawText);
  const titolare = rawText.match(TITOLARE)?.groups.titolare ?? null;
  return {
    success: formData.consenso_privacy === true && informativa,
    metas: {
      consensoMarketing: formData.consenso_marketing === true ? "sì" : "no",
      titolareTrattamento: titolare,
    },
  };
}
