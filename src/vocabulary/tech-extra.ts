/**
 * Curated skills the GitHub topics miss or name too loosely, and match rules for skills whose names
 * are ordinary words. `proper`: only a capitalised mention counts ("React", not "react to alerts").
 * `context`: the bare word also needs a technology neighbour ("in Go", "Go developer", "Python, Go").
 * An entry whose slug is also a topic adds its terms and rules to that topic.
 */
export interface ExtraSkill {
  slug: string
  name: string
  terms: string[]
  proper?: string[]
  context?: string[]
  /** Topic terms that are too loose to keep (the Next.js topic's alias "next"). */
  drop?: string[]
  /** Skills this one names too: "Ruby on Rails" is Ruby as well, "SQL Server" is SQL. */
  implies?: string[]
}

/**
 * Concept and discipline words: tagged from a source's own skill list, never from text, where they
 * mostly describe the business ("our AI-powered SaaS platform", "a database of farms", "our API").
 */
export const CONCEPTS = new Set(['ai', 'saas', 'database', 'api', 'http', 'devops', 'sre', 'data-science', 'cybersecurity', 'blockchain', 'iot', 'crud', 'oop'])

export const EXTRA_SKILLS: ExtraSkill[] = [
  { slug: 'go', name: 'Go', terms: ['golang', 'go'], context: ['go'] },
  { slug: 'r', name: 'R', terms: ['r', 'rstats', 'r studio', 'rstudio'], context: ['r'] },
  { slug: 'c', name: 'C', terms: ['c', 'ansi c', 'embedded c'], context: ['c'] },
  { slug: 'cpp', name: 'C++', terms: ['c++', 'cpp', 'c++11', 'c++14', 'c++17', 'c++20'] },
  { slug: 'csharp', name: 'C#', terms: ['c#', 'csharp'] },
  { slug: 'dotnet', name: '.NET', terms: ['.net', 'dotnet', '.net core', 'net core', '.net framework'] },
  { slug: 'fsharp', name: 'F#', terms: ['f#'] },
  { slug: 'nodejs', name: 'Node.js', terms: ['node.js', 'nodejs', 'node', 'node js'], proper: ['node'] },
  { slug: 'react', name: 'React', terms: ['react', 'react.js', 'reactjs', 'react js'], proper: ['react'] },
  { slug: 'vue', name: 'Vue.js', terms: ['vue', 'vue.js', 'vuejs', 'vue 3'] },
  { slug: 'nextjs', name: 'Next.js', terms: ['next.js', 'nextjs'], drop: ['next'] },
  { slug: 'express', name: 'Express', terms: ['express.js', 'expressjs', 'express'], proper: ['express'] },
  { slug: 'spring', name: 'Spring', terms: ['spring', 'spring framework'], proper: ['spring'] },
  { slug: 'rust', name: 'Rust', terms: ['rust', 'rustlang'], proper: ['rust'] },
  { slug: 'swift', name: 'Swift', terms: ['swift'], proper: ['swift'] },
  { slug: 'dart', name: 'Dart', terms: ['dart'], proper: ['dart'] },
  { slug: 'ruby', name: 'Ruby', terms: ['ruby'], proper: ['ruby'] },
  { slug: 'rails', name: 'Ruby on Rails', terms: ['rails', 'ruby on rails', 'ror'], proper: ['rails'], implies: ['ruby'] },
  { slug: 'sql-server', name: 'SQL Server', terms: ['sql server', 'microsoft sql server', 'ms sql server', 'mssql'], implies: ['sql'] },
  { slug: 'spring-boot', name: 'Spring Boot', terms: ['spring boot'], implies: ['spring'] },
  { slug: 'react-native', name: 'React Native', terms: ['react native'], implies: ['react'] },
  { slug: 'java', name: 'Java', terms: ['java'] },
  { slug: 'jvm', name: 'JVM', terms: ['jvm'] },
  { slug: 'git', name: 'Git', terms: ['git'] },
  { slug: 'bash', name: 'Bash', terms: ['bash'] },
  { slug: 'unix', name: 'Unix', terms: ['unix'] },
  { slug: 'machine-learning', name: 'Machine learning', terms: ['machine learning'], drop: ['ml'] },
  { slug: 'elixir', name: 'Elixir', terms: ['elixir'], proper: ['elixir'] },
  { slug: 'unity', name: 'Unity', terms: ['unity', 'unity3d'], proper: ['unity'] },
  { slug: 'ember', name: 'Ember', terms: ['ember.js', 'emberjs', 'ember'], proper: ['ember'] },
  { slug: 'flask', name: 'Flask', terms: ['flask'], proper: ['flask'] },
  { slug: 'aws', name: 'Amazon Web Services', terms: ['aws', 'amazon web services'] },
  { slug: 'google-cloud', name: 'Google Cloud Platform', terms: ['gcp', 'google cloud', 'google cloud platform'] },
  { slug: 'kafka', name: 'Apache Kafka', terms: ['kafka', 'apache kafka'] },
  { slug: 'rabbitmq', name: 'RabbitMQ', terms: ['rabbitmq'] },
  { slug: 'snowflake', name: 'Snowflake', terms: ['snowflake'], proper: ['snowflake'] },
  { slug: 'dbt', name: 'dbt', terms: ['dbt'] },
  { slug: 'airflow', name: 'Apache Airflow', terms: ['airflow', 'apache airflow'] },
  { slug: 'databricks', name: 'Databricks', terms: ['databricks'] },
  { slug: 'hadoop', name: 'Hadoop', terms: ['hadoop'] },
  { slug: 'tableau', name: 'Tableau', terms: ['tableau'] },
  { slug: 'power-bi', name: 'Power BI', terms: ['power bi', 'powerbi'] },
  { slug: 'looker', name: 'Looker', terms: ['looker'] },
  { slug: 'excel', name: 'Excel', terms: ['excel', 'ms excel', 'microsoft excel'], proper: ['excel'] },
  { slug: 'salesforce', name: 'Salesforce', terms: ['salesforce'] },
  { slug: 'sap', name: 'SAP', terms: ['sap'], proper: ['sap'] },
  { slug: 'jira', name: 'Jira', terms: ['jira'] },
  { slug: 'helm', name: 'Helm', terms: ['helm', 'helm charts'], proper: ['helm'] },
  { slug: 'prometheus', name: 'Prometheus', terms: ['prometheus'] },
  { slug: 'datadog', name: 'Datadog', terms: ['datadog'] },
  { slug: 'splunk', name: 'Splunk', terms: ['splunk'] },
  { slug: 'pulumi', name: 'Pulumi', terms: ['pulumi'] },
  { slug: 'argo-cd', name: 'Argo CD', terms: ['argo cd', 'argocd', 'argo workflows', 'argo'], proper: ['argo'] },
  { slug: 'github-actions', name: 'GitHub Actions', terms: ['github actions'] },
  { slug: 'ci-cd', name: 'CI/CD', terms: ['ci cd', 'ci/cd', 'continuous integration'] },
  { slug: 'microservices', name: 'Microservices', terms: ['microservices', 'microservice', 'micro services'] },
  { slug: 'llm', name: 'Large Language Models', terms: ['llm', 'llms', 'large language models', 'large language model'] },
  { slug: 'langchain', name: 'LangChain', terms: ['langchain'] },
  { slug: 'langgraph', name: 'LangGraph', terms: ['langgraph'] },
  { slug: 'llamaindex', name: 'LlamaIndex', terms: ['llamaindex', 'llama index'] },
  { slug: 'rag', name: 'Retrieval-Augmented Generation', terms: ['rag', 'retrieval augmented generation'], proper: ['rag'] },
  // "OpenAI" alone is the organisation ("our founders came from OpenAI"), not its API.
  { slug: 'openai-api', name: 'OpenAI API', terms: ['openai api', 'openai apis', 'openai sdk'] },
  { slug: 'hugging-face', name: 'Hugging Face', terms: ['hugging face', 'huggingface'] },
  { slug: 'vector-databases', name: 'Vector databases', terms: ['vector database', 'vector databases', 'pinecone', 'weaviate', 'qdrant', 'pgvector', 'milvus'] },
  { slug: 'mlflow', name: 'MLflow', terms: ['mlflow'] },
  { slug: 'kubeflow', name: 'Kubeflow', terms: ['kubeflow'] },
  { slug: 'sagemaker', name: 'Amazon SageMaker', terms: ['sagemaker', 'amazon sagemaker'] },
  { slug: 'vertex-ai', name: 'Vertex AI', terms: ['vertex ai'] },
  { slug: 'cuda', name: 'CUDA', terms: ['cuda'] },
  { slug: 'triton', name: 'Triton Inference Server', terms: ['triton'], proper: ['triton'] },
  { slug: 'vllm', name: 'vLLM', terms: ['vllm'] },
  { slug: 'cypress', name: 'Cypress', terms: ['cypress'], proper: ['cypress'] },
  { slug: 'verilog', name: 'Verilog', terms: ['verilog', 'systemverilog'] },
  { slug: 'vhdl', name: 'VHDL', terms: ['vhdl'] },
  { slug: 'fpga', name: 'FPGA', terms: ['fpga', 'fpgas'] },
  { slug: 'rtos', name: 'RTOS', terms: ['rtos', 'freertos'] },
  { slug: 'autosar', name: 'AUTOSAR', terms: ['autosar'] },
  { slug: 'unreal-engine', name: 'Unreal Engine', terms: ['unreal engine', 'unreal', 'ue5'] },
  { slug: 'redshift', name: 'Amazon Redshift', terms: ['redshift'] },
  { slug: 'clickhouse', name: 'ClickHouse', terms: ['clickhouse'] },
  { slug: 'spss', name: 'SPSS', terms: ['spss'] },
  { slug: 'figma', name: 'Figma', terms: ['figma'] },
  { slug: 'hubspot', name: 'HubSpot', terms: ['hubspot'] },
  { slug: 'okta', name: 'Okta', terms: ['okta'] },
  { slug: 'active-directory', name: 'Active Directory', terms: ['active directory', 'microsoft active directory', 'azure active directory', 'azure ad'] },
  { slug: 'windows', name: 'Windows', terms: ['windows', 'microsoft windows', 'windows server'], proper: ['windows'] },
  { slug: 'siem', name: 'SIEM', terms: ['siem'] },
  { slug: 'penetration-testing', name: 'Penetration testing', terms: ['penetration testing', 'pentesting', 'pen testing'] },
  { slug: 'solidity', name: 'Solidity', terms: ['solidity'], proper: ['solidity'] },
  { slug: 'bgp', name: 'BGP', terms: ['bgp'] },
  { slug: 'cisco', name: 'Cisco', terms: ['cisco', 'ccna', 'ccnp'] },
  { slug: 'linux', name: 'Linux', terms: ['linux', 'unix/linux'] },
  { slug: 'sql', name: 'SQL', terms: ['sql', 't-sql', 'pl/sql', 'tsql'] },
  { slug: 'nosql', name: 'NoSQL', terms: ['nosql'] },
  { slug: 'rest-api', name: 'REST API', terms: ['rest', 'rest api', 'rest apis', 'restful', 'restful apis'], proper: ['rest'] },
  { slug: 'objective-c', name: 'Objective-C', terms: ['objective c', 'objective-c', 'objc'] },
  { slug: 'python', name: 'Python', terms: ['python'], drop: ['py'] },
  { slug: 'spark', name: 'Apache Spark', terms: ['spark', 'pyspark', 'apache spark'], proper: ['spark'] },
  { slug: 'matlab', name: 'MATLAB', terms: ['matlab'] },
]
