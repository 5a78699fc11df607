/**
 * Words that appear in ordinary sentences about legal help. A name made only of these
 * (`Legal Aid`, `Land Court`, `Family Services`) is matched case-sensitively, so "get legal aid"
 * does not name an organization. Folded form (see `foldToken`).
 */
export const COMMON_WORDS: ReadonlySet<string> = new Set(
  `
a about above across act action advice advocacy advocate advocates after against agency aid all also an and
answer any appeal appeals apply are area as assistance association at attorney attorneys authority
bar be benefits board bureau by
call can care case cases center centre centers child children citizens city civil claim claims clinic clinics
collaborative commission committee community consumer council counsel counseling county court courts
credit crisis debt defender defenders defense department development disability district division do domestic
east economic education elder elderly employment energy equal eviction for foundation free from fund
general get government group guide health hearing help helpline home homeless hotline house housing how human
immigrant immigration in income inc info information institute is it its justice juvenile
labor land law laws lawyer lawyers league legal line local low main medical mental municipal
national neighborhood network new north northeast northwest not now of office on online or organization
our outreach partnership people peoples person pro probate program programs project protection public
referral regional relief rent rental resource resources rights safe safety senior seniors service services
shelter small social society south southeast southwest state statewide superior support supreme tenant tenants
the their this to trial trust union united unit veterans victim victims violence volunteer volunteers
welfare west what where who with women work workers you young your youth
`
    .split(/\s+/)
    .filter((word) => word.length > 0),
);
