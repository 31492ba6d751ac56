/** The banking questions whose answers are in the bank's policy documents (data/suites/policy/banking-documents.md). */

/** Questions answered in the policy documents: question, search query, the fact the answer must hold. */
export const documentQuestions: [string, string, string][] = [
  ["How much does it cost to send an international wire transfer?", "international wire transfer fee", "$35"],
  ["What's the fee if my account goes into overdraft?", "overdraft fee", "$29"],
  ["How much do you charge for using another bank's ATM?", "out-of-network ATM withdrawal fee", "$2.50"],
  ["What interest rate does a savings account earn?", "savings interest rate APY", "3.1%"],
  ["Is there a fee when I pay in a foreign currency with my card?", "foreign transaction fee currency", "3%"],
  [
    "If I deposit a $6,000 check with the app, how long is it held?",
    "mobile check deposit hold",
    "5 business days",
  ],
  [
    "How long does a replacement card take to arrive?",
    "replacement card delivery time",
    "5 to 7 business days",
  ],
  ["Does it cost anything to close my account? I opened it last month.", "closing account fee", "$25"],
  ["What is the monthly maintenance fee on checking?", "checking maintenance fee monthly", "$12"],
  ["How much is a stop-payment on a check?", "stop payment check fee", "$30"],
];
