/*
 * The well-known parts of the big providers, offered before their feed has named them: a feed names only the
 * parts that had an incident lately, and the part people depend on may have had none. Keyed by the catalogue's
 * name, and found by the watched address's host too (the catalogue may list a provider under another name, or
 * not yet). Each part is named as its publisher names it in the feed (feed-parts.ts), so a part chosen here
 * matches its entries:
 * - AWS: `<service>-<region>` as in its per-part feeds (status.aws.amazon.com/rss/ec2-us-east-1.rss) and its
 *   all.rss guids; a global service without a region (`cloudfront`); S3 in us-east-1 is `s3-us-standard`;
 * - Google Cloud: products as "Affected products:" names them;
 * - Azure: services and regions as its feed's categories name them (a category is one or the other; an incident
 *   of no one region is in "Public Non-Regional").
 * Lists, not the providers' whole catalogues: the common services; the picker adds what the last answer named.
 */

interface KnownPart {
  /** What is followed: the publisher's own name of the part. */
  key: string;
  /** How the picker shows it. */
  label: string;
}

const AWS_SERVICES: ReadonlyArray<readonly [string, string]> = [
  ['ec2', 'Amazon Elastic Compute Cloud'],
  ['s3', 'Amazon Simple Storage Service'],
  ['lambda', 'AWS Lambda'],
  ['rds', 'Amazon Relational Database Service'],
  ['dynamodb', 'Amazon DynamoDB'],
  ['elb', 'Elastic Load Balancing'],
  ['ecs', 'Amazon Elastic Container Service'],
  ['eks', 'Amazon Elastic Kubernetes Service'],
  ['ecr', 'Amazon Elastic Container Registry'],
  ['cloudwatch', 'Amazon CloudWatch'],
  ['sqs', 'Amazon Simple Queue Service'],
  ['sns', 'Amazon Simple Notification Service'],
  ['apigateway', 'Amazon API Gateway'],
  ['elasticache', 'Amazon ElastiCache'],
  ['kinesis', 'Amazon Kinesis Data Streams'],
  ['cognito', 'Amazon Cognito'],
  ['autoscaling', 'Auto Scaling'],
  ['cloudformation', 'AWS CloudFormation'],
  ['vpc', 'Amazon Virtual Private Cloud'],
  ['directconnect', 'AWS Direct Connect'],
  ['emr', 'Amazon EMR'],
  ['athena', 'Amazon Athena'],
  ['redshift', 'Amazon Redshift'],
  ['glue', 'AWS Glue'],
  ['stepfunctions', 'AWS Step Functions'],
  ['secretsmanager', 'AWS Secrets Manager'],
  ['kms', 'AWS Key Management Service'],
  ['ses', 'Amazon Simple Email Service'],
  ['elasticbeanstalk', 'AWS Elastic Beanstalk'],
  ['fargate', 'AWS Fargate'],
  ['sagemaker', 'Amazon SageMaker'],
  ['bedrock', 'Amazon Bedrock'],
  ['internetconnectivity', 'AWS Internet Connectivity'],
];

/** Global services: one part, no region. */
const AWS_GLOBAL: ReadonlyArray<readonly [string, string]> = [
  ['cloudfront', 'Amazon CloudFront'],
  ['route53', 'Amazon Route 53'],
  ['iam', 'AWS Identity and Access Management'],
  ['organizations', 'AWS Organizations'],
  ['support', 'AWS Support Center'],
  ['management-console', 'AWS Management Console'],
];

const AWS_REGIONS: ReadonlyArray<readonly [string, string]> = [
  ['us-east-1', 'N. Virginia'],
  ['us-east-2', 'Ohio'],
  ['us-west-1', 'N. California'],
  ['us-west-2', 'Oregon'],
  ['ca-central-1', 'Canada Central'],
  ['sa-east-1', 'São Paulo'],
  ['eu-west-1', 'Ireland'],
  ['eu-west-2', 'London'],
  ['eu-west-3', 'Paris'],
  ['eu-central-1', 'Frankfurt'],
  ['eu-central-2', 'Zurich'],
  ['eu-north-1', 'Stockholm'],
  ['eu-south-1', 'Milan'],
  ['me-south-1', 'Bahrain'],
  ['af-south-1', 'Cape Town'],
  ['ap-east-1', 'Hong Kong'],
  ['ap-south-1', 'Mumbai'],
  ['ap-northeast-1', 'Tokyo'],
  ['ap-northeast-2', 'Seoul'],
  ['ap-northeast-3', 'Osaka'],
  ['ap-southeast-1', 'Singapore'],
  ['ap-southeast-2', 'Sydney'],
  ['ap-southeast-3', 'Jakarta'],
  ['us-gov-west-1', 'GovCloud (US-West)'],
  ['us-gov-east-1', 'GovCloud (US-East)'],
];

function awsParts(): KnownPart[] {
  const regional = AWS_SERVICES.flatMap(([service, name]) =>
    AWS_REGIONS.map(([region, place]) => ({
      key: service === 's3' && region === 'us-east-1' ? 's3-us-standard' : `${service}-${region}`,
      label: `${name} (${place}, ${region})`,
    })),
  );
  return [...regional, ...AWS_GLOBAL.map(([key, label]) => ({ key, label }))];
}

const GOOGLE_CLOUD_PRODUCTS = [
  'Google Compute Engine',
  'Google Kubernetes Engine',
  'Google Cloud Storage',
  'Google BigQuery',
  'Google Cloud SQL',
  'Cloud Run',
  'Google Cloud Functions',
  'Google App Engine',
  'Google Cloud Pub/Sub',
  'Google Cloud Networking',
  'Cloud Load Balancing',
  'Cloud DNS',
  'Cloud CDN',
  'Cloud Spanner',
  'Cloud Firestore',
  'Google Cloud Bigtable',
  'Cloud Memorystore',
  'Google Cloud Dataflow',
  'Google Cloud Dataproc',
  'Google Cloud Composer',
  'Artifact Registry',
  'Google Cloud Build',
  'Cloud Logging',
  'Cloud Monitoring',
  'Identity and Access Management',
  'Cloud Key Management Service',
  'Secret Manager',
  'Vertex Gemini API',
  'Vertex AI Online Prediction',
  'Google Cloud Console',
  'Cloud Filestore',
  'Persistent Disk',
  'Hybrid Connectivity',
  'Virtual Private Cloud (VPC)',
  'Apigee',
  'Google Cloud Support',
  'Operations',
  'Media CDN',
  'Google Cloud NetApp Volumes',
  'VMWare engine',
  'Bare Metal Solution',
  'Dialogflow CX',
  'Agent Assist',
];

const AZURE_SERVICES = [
  'Virtual Machines',
  'Azure Kubernetes Service (AKS)',
  'App Service',
  'Azure Functions',
  'Storage',
  'Azure SQL Database',
  'Azure Cosmos DB',
  'Azure Database for PostgreSQL',
  'Azure Database for MySQL',
  'Azure Cache for Redis',
  'Service Bus',
  'Event Hubs',
  'Azure Front Door',
  'Content Delivery Network',
  'Application Gateway',
  'Load Balancer',
  'Virtual Network',
  'VPN Gateway',
  'ExpressRoute Circuits',
  'ExpressRoute Gateways',
  'Virtual WAN',
  'Azure DNS',
  'Network Infrastructure',
  'API Management',
  'Azure Monitor',
  'Key Vault',
  'Microsoft Entra ID',
  'Azure Resource Manager',
  'Azure DevOps',
  'Container Registry',
  'Azure OpenAI Service',
  'Microsoft Azure portal',
];

const AZURE_REGIONS = [
  'East US',
  'East US 2',
  'Central US',
  'North Central US',
  'South Central US',
  'West Central US',
  'West US',
  'West US 2',
  'West US 3',
  'Canada Central',
  'Canada East',
  'Brazil South',
  'North Europe',
  'West Europe',
  'UK South',
  'UK West',
  'France Central',
  'France South',
  'Germany West Central',
  'Germany North',
  'Switzerland North',
  'Switzerland West',
  'Sweden Central',
  'Norway East',
  'Norway West',
  'East Asia',
  'Southeast Asia',
  'Japan East',
  'Japan West',
  'Korea Central',
  'Korea South',
  'Central India',
  'South India',
  'West India',
  'Australia East',
  'Australia Southeast',
  'Australia Central',
  'Australia Central 2',
  'South Africa North',
  'South Africa West',
  'UAE North',
  'UAE Central',
  'Public Non-Regional',
];

interface WellKnown {
  /** Catalogue names (any case) this list belongs to. */
  names: readonly string[];
  /** Hosts of the provider's feeds and pages. */
  hosts: RegExp;
  parts: () => KnownPart[];
}

const named = (list: readonly string[]) => list.map((name) => ({ key: name, label: name }));

const WELL_KNOWN: readonly WellKnown[] = [
  { names: ['Amazon Web Services', 'AWS'], hosts: /(^|\.)(status|health)\.aws\.amazon\.com$/i, parts: awsParts },
  { names: ['Google Cloud', 'Google Cloud Platform'], hosts: /^status\.cloud\.google\.com$/i, parts: () => named(GOOGLE_CLOUD_PRODUCTS) },
  {
    names: ['Microsoft Azure', 'Azure'],
    hosts: /(^|\.)(azure\.status\.microsoft|status\.azure\.com|azurestatusprodncus\.azurewebsites\.net)$/i,
    parts: () => [...named(AZURE_SERVICES), ...AZURE_REGIONS.map((region) => ({ key: region, label: `${region} (region)` }))],
  },
];

/** The well-known parts of the provider at `pageUrl` (or of the catalogue's `name`); empty when none are listed. */
export function wellKnownParts(pageUrl: string, name?: string): KnownPart[] {
  let host = '';
  try {
    host = new URL(pageUrl).hostname;
  } catch {
    // Not an address: the name alone may still tell.
  }
  const wanted = name?.trim().toLowerCase();
  const entry = WELL_KNOWN.find((w) => w.hosts.test(host) || (wanted !== undefined && w.names.some((n) => n.toLowerCase() === wanted)));
  return entry ? entry.parts() : [];
}
